import { useEffect, useState } from 'react';
import { api, bearer, detailOf, type MyAppointment } from '../api/client';
import { Alert } from '../shared/alert';
import { useI18n } from '../shared/i18n';
import { AppointmentCard } from './appointment-card';
import { refusal, type Signed } from './customer-shell';

/** Upcoming bookings first (soonest first), then past ones (latest first); cancelled ones stay in place. */
export function splitByTime(items: MyAppointment[], now: Date) {
  const byStart = [...items].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const upcoming = byStart.filter((item) => Date.parse(item.ends_at) > now.getTime());
  const past = byStart.filter((item) => Date.parse(item.ends_at) <= now.getTime()).reverse();
  return { upcoming, past };
}

/** /book/{slug}/my/bookings: the customer's appointments, with cancel and reschedule on upcoming ones. */
export function MyBookings({ signed }: { signed: Signed }) {
  const { t } = useI18n();
  const [items, setItems] = useState<MyAppointment[]>();
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);

  useEffect(() => {
    void api
      .GET('/api/v1/appointments', {
        params: { query: { size: 100 } },
        headers: bearer(signed.session.accessToken),
      })
      .then(({ data, error: refused, response }) =>
        data
          ? setItems(data.items)
          : setError(refusal(signed, response, detailOf(refused), t.somethingWrong)),
      );
  }, [signed.session.accessToken, version]);

  if (!items)
    return (
      <>
        <Alert message={error} />
        <p role="status">{t.loading}</p>
      </>
    );
  const { upcoming, past } = splitByTime(items, new Date());
  const card = (item: MyAppointment, changeable: boolean) => (
    <AppointmentCard
      key={item.id}
      appointment={item}
      signed={signed}
      changeable={changeable}
      onChanged={() => setVersion((count) => count + 1)}
    />
  );
  return (
    <>
      <section aria-labelledby="upcoming-heading" className="stack">
        <h2 id="upcoming-heading">{t.upcoming}</h2>
        {upcoming.length === 0 ? <p className="muted">{t.noUpcoming}</p> : null}
        {upcoming.map((item) => card(item, true))}
      </section>
      <section aria-labelledby="past-heading" className="stack">
        <h2 id="past-heading">{t.past}</h2>
        {past.length === 0 ? <p className="muted">{t.noPast}</p> : null}
        {past.map((item) => card(item, false))}
      </section>
    </>
  );
}
