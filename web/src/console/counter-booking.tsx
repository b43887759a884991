import { useEffect, useState, type FormEvent } from 'react';
import {
  api,
  bearer,
  detailOf,
  type ConsoleCustomer,
  type ConsoleService,
  type ConsoleStaff,
} from '../api/client';
import { Alert } from '../shared/alert';
import { formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';

/** How long a booking for a customer created a moment ago is tried again while scheduling learns of them. */
const NEW_CUSTOMER_WAIT_MS = 15_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface CounterBookingProps {
  desk: Desk;
  outletId: string;
  day: string;
  staff: ConsoleStaff[];
  onBooked(message: string): void;
  onClose(): void;
}

/**
 * A booking made at the counter (POST /staff/appointments) on the day the calendar shows: for a customer found
 * by name, e-mail or phone, or for a walk-in given by name and phone (POST /customers first), with one of the
 * calendar's staff members, a service and a time. Scheduling learns of a new customer from identity's event, so
 * a booking for one created a moment ago is tried again for a few seconds ("Customer not found" meanwhile).
 */
export function CounterBooking({ desk, outletId, day, staff, onBooked, onClose }: CounterBookingProps) {
  const { t, language } = useI18n();
  const headers = bearer(desk.session.accessToken);
  const [services, setServices] = useState<ConsoleService[]>();
  const [walkIn, setWalkIn] = useState(false);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<ConsoleCustomer[]>();
  const [customerId, setCustomerId] = useState<string>();
  const [firstName, setFirstName] = useState('');
  const [phone, setPhone] = useState('');
  const [staffId, setStaffId] = useState(staff[0]?.id ?? '');
  const [serviceId, setServiceId] = useState('');
  const [time, setTime] = useState('10:00');
  /** The walk-in's record once created: a second try (another time, another staff member) books it again. */
  const [created, setCreated] = useState<{ id: string; firstName: string; phone: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    void api
      .GET('/api/v1/services', { params: { query: { outlet_id: outletId, size: 100 } }, headers })
      .then(({ data, error: refused, response }) => {
        if (!data) return setError(desk.refusal(response, detailOf(refused)));
        const active = data.items.filter((service) => service.is_active);
        setServices(active);
        setServiceId(active[0]?.id ?? '');
      });
  }, [outletId, desk.session.accessToken]);

  const search = async () => {
    setError(undefined);
    const {
      data,
      error: refused,
      response,
    } = await api.GET('/api/v1/customers', {
      params: { query: { search: query, size: 20 } },
      headers,
    });
    if (!data) return setError(desk.refusal(response, detailOf(refused)));
    setFound(data.items);
    setCustomerId(data.items[0]?.id);
  };

  /** The walk-in's customer record (created once for the name and phone typed): its id, or the refusal. */
  const walkInCustomer = async (): Promise<{ id: string } | { refused: string }> => {
    const person = { firstName: firstName.trim(), phone: phone.trim() };
    if (created && created.firstName === person.firstName && created.phone === person.phone) return created;
    const {
      data,
      error: refused,
      response,
    } = await api.POST('/api/v1/customers', {
      body: { first_name: person.firstName, ...(person.phone ? { phone: person.phone } : {}) },
      headers,
    });
    if (!data) return { refused: desk.refusal(response, detailOf(refused)) };
    setCreated({ id: data.id, ...person });
    return { id: data.id };
  };

  const book = async (customer: string, justCreated: boolean) => {
    const deadline = Date.now() + (justCreated ? NEW_CUSTOMER_WAIT_MS : 0);
    for (;;) {
      const {
        data,
        error: refused,
        response,
      } = await api.POST('/api/v1/staff/appointments', {
        body: {
          outlet_id: outletId,
          customer_id: customer,
          appointment_date: day,
          start_time: time,
          services: [{ service_id: serviceId, staff_id: staffId }],
        },
        // One key per attempt: a refusal is kept under its key, and the next attempt must run again.
        params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
        headers,
      });
      if (data) return onBooked(t.console.counter.booked(time));
      if (response.status !== 404 || Date.now() > deadline)
        return setError(desk.refusal(response, detailOf(refused)));
      await pause(500);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      if (!walkIn) {
        if (!customerId) return setError(t.console.counter.chooseCustomer);
        return await book(customerId, false);
      }
      const customer = await walkInCustomer();
      if ('refused' in customer) return setError(customer.refused);
      await book(customer.id, true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card panel stack" aria-labelledby="counter-booking-heading">
      <h3 id="counter-booking-heading">{t.console.counter.heading}</h3>
      <form className="form stack" onSubmit={(event) => void submit(event)}>
        <fieldset className="choices">
          <legend>{t.console.counter.who}</legend>
          <label className="choice">
            <input type="radio" name="counter-who" checked={!walkIn} onChange={() => setWalkIn(false)} />
            {t.console.counter.existing}
          </label>
          <label className="choice">
            <input type="radio" name="counter-who" checked={walkIn} onChange={() => setWalkIn(true)} />
            {t.console.counter.walkIn}
          </label>
        </fieldset>
        {walkIn ? (
          <>
            <div className="field">
              <label htmlFor="counter-first-name">{t.console.counter.firstName}</label>
              <input
                id="counter-first-name"
                required
                maxLength={100}
                value={firstName}
                onChange={(event) => setFirstName(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="counter-phone">{t.console.counter.phone}</label>
              <input
                id="counter-phone"
                type="tel"
                autoComplete="off"
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
              />
            </div>
          </>
        ) : (
          <>
            <div className="field">
              <label htmlFor="counter-search">{t.console.searchLabel}</label>
              <input
                id="counter-search"
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </div>
            <button type="button" className="secondary" onClick={() => void search()}>
              {t.console.search}
            </button>
            {found && found.length === 0 ? <p className="muted">{t.console.noCustomers}</p> : null}
            {found && found.length > 0 ? (
              <div className="field">
                <label htmlFor="counter-customer">{t.console.counter.customer}</label>
                <select
                  id="counter-customer"
                  value={customerId}
                  onChange={(event) => setCustomerId(event.target.value)}
                >
                  {found.map((customer) => (
                    <option key={customer.id} value={customer.id}>
                      {customer.full_name} {customer.phone ?? customer.email ?? ''}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </>
        )}
        <div className="field">
          <label htmlFor="counter-staff">{t.console.counter.staff}</label>
          <select id="counter-staff" value={staffId} onChange={(event) => setStaffId(event.target.value)}>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.display_name || `${member.first_name} ${member.last_name}`}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="counter-service">{t.console.counter.service}</label>
          <select
            id="counter-service"
            value={serviceId}
            onChange={(event) => setServiceId(event.target.value)}
          >
            {(services ?? []).map((service) => (
              <option key={service.id} value={service.id}>
                {service.name} · {service.duration_minutes} min ·{' '}
                {formatMoney(String(service.pricing.base_price), service.pricing.currency, language)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="counter-time">{t.console.counter.time}</label>
          <input
            id="counter-time"
            type="time"
            step={300}
            required
            value={time}
            onChange={(event) => setTime(event.target.value)}
          />
        </div>
        <Alert message={error} />
        <div className="actions">
          <button type="submit" className="primary" disabled={busy || !serviceId || !staffId}>
            {busy ? t.console.counter.booking : t.console.counter.book}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t.close}
          </button>
        </div>
      </form>
    </section>
  );
}
