import { useEffect, useState, type FormEvent } from 'react';
import { api, bearer, detailOf, type Grid, type MyAppointment, type Outlet, type Slot } from '../api/client';
import { SlotCalendar } from '../book/slot-calendar';
import { Alert } from '../shared/alert';
import { todayIn } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { refusal, type Signed } from './customer-shell';

const DAYS_SHOWN = 14;

/**
 * Another free time with the same staff member, from the same public grid the booking page uses (the
 * appointment's first service sets the duration); the server checks the slot and the cancellation policy.
 */
export function ReschedulePanel(props: {
  appointment: MyAppointment;
  outlet: Outlet;
  signed: Signed;
  onClose(): void;
  onMoved(): void;
}) {
  const { appointment, outlet, signed, onClose, onMoved } = props;
  const { t } = useI18n();
  const [grid, setGrid] = useState<Grid>();
  const [day, setDay] = useState<string>();
  const [slot, setSlot] = useState<Slot>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const line = appointment.services[0]!;
  const slug = signed.slug;

  useEffect(() => {
    void api
      .GET('/api/v1/public/tenants/{slug}/availability', {
        params: {
          path: { slug },
          query: {
            outlet_id: outlet.id,
            service_id: line.service_id,
            start_date: todayIn(outlet.timezone),
            num_days: DAYS_SHOWN,
          },
        },
      })
      .then(({ data }) => (data ? setGrid(data) : setError(t.somethingWrong)));
  }, [slug, outlet.id, line.service_id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!day || !slot) return;
    setBusy(true);
    setError(undefined);
    const {
      data,
      error: refused,
      response,
    } = await api.PUT('/api/v1/appointments/{appointment_id}/reschedule', {
      params: { path: { appointment_id: appointment.id } },
      headers: bearer(signed.session.accessToken),
      body: { new_date: day, new_start_time: slot.start_time.slice(0, 5) },
    });
    setBusy(false);
    if (!data) return setError(refusal(signed, response, detailOf(refused), t.somethingWrong));
    onMoved();
  };

  const headingId = `reschedule-${appointment.id}`;
  return (
    <form onSubmit={submit} aria-labelledby={headingId} className="form reschedule">
      <h4 id={headingId}>{t.rescheduleTitle(line.service_name)}</h4>
      {grid ? (
        <SlotCalendar
          grid={grid}
          staffChoice={line.staff_id}
          timeZone={outlet.timezone}
          day={day}
          slot={slot}
          onDay={(date) => {
            setDay(date);
            setSlot(undefined);
          }}
          onSlot={setSlot}
        />
      ) : (
        <p role="status">{t.loading}</p>
      )}
      <Alert message={error} />
      <div className="actions">
        <button type="submit" className="primary" disabled={!slot || busy}>
          {t.moveHere}
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          {t.close}
        </button>
      </div>
    </form>
  );
}
