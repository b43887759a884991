import { useEffect, useState } from 'react';
import { api, bearer, type Appointment, type Business } from '../api/client';
import { formatDay, formatMoney, formatTime } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { loadSession } from '../shared/session';
import { BusinessHeader } from './business-header';

const POLL_MS = 1000;

/**
 * /book/{slug}/appointments/{id}: where the provider's page sends the customer back. The payment callback
 * reaches the platform on its own path, so the page asks for the appointment until it is confirmed.
 */
export function BookingStatusPage(props: {
  slug: string;
  appointmentId: string;
  onBusinessLanguage(tag: string): void;
}) {
  const { slug, appointmentId, onBusinessLanguage } = props;
  const { t, language } = useI18n();
  const [business, setBusiness] = useState<Business>();
  const [appointment, setAppointment] = useState<Appointment>();
  const [polls, setPolls] = useState(0);
  const session = loadSession(slug);

  useEffect(() => {
    void api.GET('/api/v1/public/tenants/{slug}', { params: { path: { slug } } }).then(({ data }) => {
      if (!data) return;
      setBusiness(data);
      onBusinessLanguage(data.language);
    });
  }, [slug]);

  const token = session?.accessToken;
  const settled = appointment !== undefined && appointment.status !== 'pending';
  useEffect(() => {
    if (!token || settled) return;
    const timer = setTimeout(
      () => {
        void api
          .GET('/api/v1/appointments/{appointment_id}', {
            params: { path: { appointment_id: appointmentId } },
            headers: bearer(token),
          })
          .then(({ data }) => {
            if (data) setAppointment(data);
            setPolls((count) => count + 1);
          });
      },
      polls === 0 ? 0 : POLL_MS,
    );
    return () => clearTimeout(timer);
  }, [token, appointmentId, settled, polls]);

  const outlet = business?.outlets.find((candidate) => candidate.id === appointment?.outlet_id);
  const line = appointment?.services[0];
  return (
    <>
      {business ? <BusinessHeader business={business} /> : null}
      <main className="page">
        <section aria-labelledby="booking-heading" className="card">
          <h2 id="booking-heading">{t.bookingTitle}</h2>
          {!token ? <p>{t.signInToSee}</p> : null}
          <div role="status" aria-live="polite">
            {appointment?.status === 'confirmed' ? (
              <p className="success">{t.confirmed}</p>
            ) : token && (!appointment || appointment.status === 'pending') ? (
              <p>{polls > 10 ? t.paymentNotSeen : t.waitingPayment}</p>
            ) : null}
          </div>
          {appointment && line && outlet ? (
            <dl className="summary">
              <dt>{t.status}</dt>
              <dd>{t.statuses[appointment.status] ?? appointment.status}</dd>
              <dt>{t.service}</dt>
              <dd>{line.service_name}</dd>
              <dt>{t.staff}</dt>
              <dd>{line.staff_name}</dd>
              <dt>{t.when}</dt>
              <dd>
                {formatDay(appointment.appointment_date, language, true)},{' '}
                {formatTime(appointment.start_time, outlet.timezone, language)}
              </dd>
              <dt>{t.outlet}</dt>
              <dd>{outlet.name}</dd>
              <dt>{t.total}</dt>
              <dd>{formatMoney(appointment.total_price, appointment.currency, language)}</dd>
            </dl>
          ) : null}
          <p className="actions">
            <a href={`/book/${encodeURIComponent(slug)}/my/bookings`}>{t.navBookings}</a>
            <a href={`/book/${encodeURIComponent(slug)}`}>{t.bookAnother}</a>
          </p>
        </section>
      </main>
    </>
  );
}
