import { useEffect, useState, type ReactNode } from 'react';
import { api, type Business, type Grid, type ServicePage, type Slot, type StaffMember } from '../api/client';
import { Alert } from '../shared/alert';
import { todayIn } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { loadSession, saveSession, type CustomerSession } from '../shared/session';
import { AccountForm } from './account-form';
import { BookingSummary } from './booking-summary';
import { BusinessHeader } from './business-header';
import { OutletPicker } from './outlet-picker';
import { ServiceList } from './service-list';
import { SlotCalendar } from './slot-calendar';
import { StaffPicker } from './staff-picker';

const DAYS_SHOWN = 14;

/**
 * /book/{slug}: the business and its outlets, a service, a staff member or anyone, a day and a time from the
 * public grid, then an account (the first moment a token is needed), then book and pay. One page, each step
 * appearing below the last as it is answered, so a phone scrolls down through the booking.
 */
export function BookingPage(props: { slug: string; onBusinessLanguage(tag: string): void }) {
  const { slug, onBusinessLanguage } = props;
  const { t } = useI18n();
  const [business, setBusiness] = useState<Business | null>();
  const [error, setError] = useState<string>();
  const [outletId, setOutletId] = useState<string>();
  const [services, setServices] = useState<ServicePage>();
  const [serviceId, setServiceId] = useState<string>();
  const [staff, setStaff] = useState<StaffMember[]>();
  const [staffChoice, setStaffChoice] = useState<string>();
  const [grid, setGrid] = useState<Grid>();
  const [day, setDay] = useState<string>();
  const [slot, setSlot] = useState<Slot>();
  const [session, setSession] = useState<CustomerSession | undefined>(() => loadSession(slug));

  useEffect(() => {
    void api
      .GET('/api/v1/public/tenants/{slug}', { params: { path: { slug } } })
      .then(({ data, response }) => {
        if (data) {
          setBusiness(data);
          onBusinessLanguage(data.language);
          document.title = data.name;
          if (data.outlets.length > 0) setOutletId(data.outlets[0]!.id);
        } else if (response.status === 404) setBusiness(null);
        else setError(t.somethingWrong);
      });
    // The business is read once per slug; language changes must not reload it.
  }, [slug]);

  const outlet = business?.outlets.find((candidate) => candidate.id === outletId);

  useEffect(() => {
    if (!outletId) return;
    void api
      .GET('/api/v1/public/tenants/{slug}/services', {
        params: { path: { slug }, query: { outlet_id: outletId, size: 100 } },
      })
      .then(({ data }) => (data ? setServices(data) : setError(t.somethingWrong)));
  }, [slug, outletId]);

  useEffect(() => {
    if (!outlet || !serviceId) return;
    void api
      .GET('/api/v1/public/tenants/{slug}/staff', {
        params: { path: { slug }, query: { outlet_id: outlet.id, service_id: serviceId } },
      })
      .then(({ data }) => (data ? setStaff(data.items) : setError(t.somethingWrong)));
    void api
      .GET('/api/v1/public/tenants/{slug}/availability', {
        params: {
          path: { slug },
          query: {
            outlet_id: outlet.id,
            service_id: serviceId,
            start_date: todayIn(outlet.timezone),
            num_days: DAYS_SHOWN,
          },
        },
      })
      .then(({ data }) => (data ? setGrid(data) : setError(t.somethingWrong)));
  }, [slug, outlet?.id, serviceId]);

  if (business === null)
    return (
      <main className="page">
        <h1>{t.businessNotFound}</h1>
      </main>
    );
  if (business === undefined)
    return (
      <main className="page">
        <Alert message={error} />
        <p role="status">{t.loading}</p>
      </main>
    );

  const service = services?.items.find((candidate) => candidate.id === serviceId);
  const chooseOutlet = (id: string) => {
    setOutletId(id);
    setServices(undefined);
    chooseService(undefined);
  };
  const chooseService = (id: string | undefined) => {
    setServiceId(id);
    setStaff(undefined);
    setGrid(undefined);
    chooseStaff(undefined);
  };
  const chooseStaff = (id: string | undefined) => {
    setStaffChoice(id);
    setDay(undefined);
    setSlot(undefined);
  };
  const signedIn = (next: CustomerSession | undefined) => {
    saveSession(slug, next);
    setSession(next);
  };

  return (
    <>
      <BusinessHeader business={business} />
      <main className="page">
        <Alert message={error} />
        <OutletPicker outlets={business.outlets} value={outletId} onChange={chooseOutlet} />
        {outlet && services ? (
          <Step id="service" number={1} title={t.stepService}>
            <ServiceList page={services} value={serviceId} onChange={chooseService} />
          </Step>
        ) : null}
        {service && staff ? (
          <Step id="staff" number={2} title={t.stepStaff}>
            <StaffPicker staff={staff} value={staffChoice} onChange={chooseStaff} />
          </Step>
        ) : null}
        {outlet && staffChoice && grid ? (
          <Step id="time" number={3} title={t.stepTime}>
            <SlotCalendar
              grid={grid}
              staffChoice={staffChoice}
              timeZone={outlet.timezone}
              day={day}
              slot={slot}
              onDay={(date) => {
                setDay(date);
                setSlot(undefined);
              }}
              onSlot={setSlot}
            />
          </Step>
        ) : null}
        {slot ? (
          <Step id="account" number={4} title={t.stepAccount}>
            {session ? (
              <p>
                {t.signedInAs(session.firstName)}{' '}
                <a href={`/book/${encodeURIComponent(slug)}/my/bookings`}>{t.navBookings}</a>{' '}
                <button type="button" className="link" onClick={() => signedIn(undefined)}>
                  {t.signOut}
                </button>
              </p>
            ) : (
              <AccountForm slug={slug} onSession={signedIn} />
            )}
          </Step>
        ) : null}
        {outlet && service && slot && day && session ? (
          <Step id="review" number={5} title={t.stepReview}>
            <BookingSummary
              slug={slug}
              outlet={outlet}
              service={service}
              slot={slot}
              day={day}
              session={session}
              onSessionExpired={() => signedIn(undefined)}
            />
          </Step>
        ) : null}
      </main>
    </>
  );
}

function Step(props: { id: string; number: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${props.id}-heading`} className="card">
      <h2 id={`${props.id}-heading`}>
        <span className="step-number" aria-hidden="true">
          {props.number}
        </span>
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}
