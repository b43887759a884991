import { useEffect, useState } from 'react';
import {
  api,
  bearer,
  detailOf,
  type ConsoleService,
  type ConsoleStaff,
  type CustomerVisit,
} from '../api/client';
import { Alert } from '../shared/alert';
import { formatDay, formatMoney, formatTime, todayIn } from '../shared/format';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { useConsoleOutlets } from './outlet-choice';

const STILL_TO_COME: CustomerVisit['status'][] = ['pending', 'confirmed', 'checked_in', 'in_progress'];

/**
 * A customer's appointments (GET /customers/{id}/appointments, newest first), upcoming (soonest first) and past,
 * each at its outlet's wall-clock time with the service, the staff member, the status and the price. Service
 * and staff names come from the catalogue and the staff list, as the history carries only their identifiers.
 * Scheduling answers 404 for a customer it has not learnt of yet (one just added): that is no appointments.
 */
export function CustomerHistory({ desk, customerId }: { desk: Desk; customerId: string }) {
  const { t, language } = useI18n();
  const text = t.console.customersPage;
  const { outlets, error: outletError } = useConsoleOutlets(desk);
  const [visits, setVisits] = useState<CustomerVisit[]>();
  const [services, setServices] = useState<ConsoleService[]>([]);
  const [staff, setStaff] = useState<ConsoleStaff[]>([]);
  const [error, setError] = useState<string>();
  const headers = bearer(desk.session.accessToken);

  useEffect(() => {
    void api
      .GET('/api/v1/customers/{customer_id}/appointments', {
        params: { path: { customer_id: customerId }, query: { size: 50 } },
        headers,
      })
      .then(({ data, error: refused, response }) => {
        if (data) return setVisits(data.appointments);
        // Identity has the customer (the record shows): scheduling has not learnt of them yet, so none.
        if (response.status === 404) return setVisits([]);
        setError(desk.refusal(response, detailOf(refused)));
      });
    void api
      .GET('/api/v1/services', { params: { query: { size: 100 } }, headers })
      .then(({ data }) => data && setServices(data.items));
    void api
      .GET('/api/v1/staff', { params: { query: { only_active: false, size: 100 } }, headers })
      .then(({ data }) => data && setStaff(data.items));
  }, [customerId]);

  const zoneOf = (outletId: string) =>
    outlets?.find((outlet) => outlet.id === outletId)?.timezone ?? outlets?.[0]?.timezone ?? 'UTC';
  const upcoming = (visit: CustomerVisit) =>
    STILL_TO_COME.includes(visit.status) && visit.appointment_date >= todayIn(zoneOf(visit.outlet_id));

  const line = (visit: CustomerVisit) => {
    const service = services.find((candidate) => candidate.id === visit.service_id);
    const member = staff.find((candidate) => candidate.id === visit.staff_id);
    return (
      <li key={visit.id} className="team-member">
        <span>
          {text.visit(
            formatDay(visit.appointment_date, language, true),
            formatTime(visit.start_time, zoneOf(visit.outlet_id), language),
            service?.name ?? text.unknown,
            member ? `${member.first_name} ${member.last_name}` : text.unknown,
          )}
        </span>
        <span>
          <strong>{t.statuses[visit.status] ?? visit.status}</strong> ·{' '}
          {formatMoney(visit.total_price, service?.pricing.currency ?? 'IDR', language)}
        </span>
      </li>
    );
  };

  const coming = (visits ?? []).filter(upcoming).reverse();
  const past = (visits ?? []).filter((visit) => !upcoming(visit));
  const headingId = `customer-history-${customerId}`;
  return (
    <section aria-labelledby={headingId} className="stack">
      <h4 id={headingId}>{text.historyTitle}</h4>
      <Alert message={error ?? outletError} />
      {!visits || !outlets ? <p role="status">{t.loading}</p> : null}
      {visits && outlets && visits.length === 0 ? <p className="muted">{text.noHistory}</p> : null}
      {visits && outlets && visits.length > 0 ? (
        <>
          <h5 id={`${headingId}-upcoming`}>{t.upcoming}</h5>
          {coming.length === 0 ? <p className="muted">{t.noUpcoming}</p> : null}
          <ul className="plain team-list" aria-labelledby={`${headingId}-upcoming`}>
            {coming.map(line)}
          </ul>
          <h5 id={`${headingId}-past`}>{t.past}</h5>
          {past.length === 0 ? <p className="muted">{t.noPast}</p> : null}
          <ul className="plain team-list" aria-labelledby={`${headingId}-past`}>
            {past.map(line)}
          </ul>
        </>
      ) : null}
    </section>
  );
}
