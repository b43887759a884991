import { useId, useState, type FormEvent } from 'react';
import { api, bearer, detailOf, type Outlet, type Service, type Slot } from '../api/client';
import { Alert } from '../shared/alert';
import { formatDay, formatMoney, formatTime } from '../shared/format';
import { useI18n } from '../shared/i18n';
import type { CustomerSession } from '../shared/session';

const METHODS = ['QRIS', 'VIRTUAL_ACCOUNT', 'E_WALLET'] as const;

/**
 * What is about to be booked, then "Book and pay": the appointment is booked, its payment started with a
 * return address on this page's origin, and the browser goes to the provider's hosted page to pay.
 */
export function BookingSummary(props: {
  slug: string;
  outlet: Outlet;
  service: Service;
  slot: Slot;
  day: string;
  session: CustomerSession;
  onSessionExpired(): void;
}) {
  const { t, language } = useI18n();
  const [method, setMethod] = useState<(typeof METHODS)[number]>('QRIS');
  const [state, setState] = useState<'idle' | 'booking' | 'redirecting'>('idle');
  const [error, setError] = useState<string>();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState('booking');
    setError(undefined);
    const headers = bearer(props.session.accessToken);
    const booked = await api.POST('/api/v1/appointments', {
      headers,
      body: {
        outlet_id: props.outlet.id,
        appointment_date: props.day,
        start_time: props.slot.start_time.slice(0, 5),
        services: [{ service_id: props.service.id, staff_id: props.slot.staff_id }],
      },
    });
    if (!booked.data) {
      if (booked.response.status === 401) props.onSessionExpired();
      setError(detailOf(booked.error) ?? t.somethingWrong);
      setState('idle');
      return;
    }
    const back = `${window.location.origin}/book/${encodeURIComponent(props.slug)}/appointments/${booked.data.id}`;
    const payment = await api.POST('/api/v1/customer/payments/process-appointment', {
      headers,
      body: { appointment_id: booked.data.id, payment_method: method, return_url: back },
    });
    if (!payment.data) {
      setError(detailOf(payment.error) ?? t.somethingWrong);
      setState('idle');
      return;
    }
    setState('redirecting');
    // A top-level navigation to the provider's page (not restricted by the page's CSP); it sends the
    // customer back to `back` once paid. A payment covered in full needs no page.
    window.location.assign(payment.data.payment_url ?? back);
  };

  return (
    <form onSubmit={submit} className="form">
      <dl className="summary">
        <dt>{t.service}</dt>
        <dd>
          {props.service.name} · {t.minutes(props.service.duration_minutes)}
        </dd>
        <dt>{t.staff}</dt>
        <dd>{props.slot.staff_name}</dd>
        <dt>{t.when}</dt>
        <dd>
          {formatDay(props.day, language, true)},{' '}
          {formatTime(props.slot.start_time, props.outlet.timezone, language)}
        </dd>
        <dt>{t.outlet}</dt>
        <dd>{props.outlet.name}</dd>
        <dt>{t.price}</dt>
        <dd>{formatMoney(props.service.price.amount, props.service.price.currency, language)}</dd>
      </dl>
      <p className="hint">{t.feeNote}</p>
      <div className="field">
        <label htmlFor={`${id}-method`}>{t.payWith}</label>
        <select
          id={`${id}-method`}
          value={method}
          onChange={(event) => setMethod(event.target.value as (typeof METHODS)[number])}
        >
          {METHODS.map((name) => (
            <option key={name} value={name}>
              {t.methods[name]}
            </option>
          ))}
        </select>
      </div>
      <Alert message={error} />
      <button type="submit" className="primary" disabled={state !== 'idle'}>
        {state === 'idle' ? t.bookAndPay : state === 'booking' ? t.booking : t.toPayment}
      </button>
      {state === 'redirecting' ? (
        <p role="status" className="muted">
          {t.toPayment}
        </p>
      ) : null}
    </form>
  );
}
