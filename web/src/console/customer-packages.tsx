import { useEffect, useState, type FormEvent } from 'react';
import { api, bearer, detailOf, type HeldPackage } from '../api/client';
import { Alert } from '../shared/alert';
import { formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { mayRecordPackagePayment } from './console-session';

/**
 * A customer's packages (GET /staff/customer-packages?customer_id=): status, credits and what is paid; one that
 * waits for its payment can have it recorded at the counter (RecordPayment), which activates it.
 */
export function CustomerPackages({ desk, customerId }: { desk: Desk; customerId: string }) {
  const { t, language } = useI18n();
  const text = t.console.customersPage;
  const [held, setHeld] = useState<HeldPackage[]>();
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    void api
      .GET('/api/v1/staff/customer-packages', {
        params: { query: { customer_id: customerId, size: 50 } },
        headers: bearer(desk.session.accessToken),
      })
      .then(({ data, error: refused, response }) =>
        data ? setHeld(data.items) : setError(desk.refusal(response, detailOf(refused))),
      );
  }, [customerId, version]);

  const headingId = `customer-packages-${customerId}`;
  return (
    <section aria-labelledby={headingId} className="stack">
      <h4 id={headingId}>{text.packagesTitle}</h4>
      <Alert message={error} />
      <p role="status" className="console-notice">
        {notice ?? ''}
      </p>
      {!held ? <p role="status">{t.loading}</p> : null}
      {held && held.length === 0 ? <p className="muted">{text.noHeldPackages}</p> : null}
      <ul className="plain team-list" aria-labelledby={headingId}>
        {(held ?? []).map((item) => (
          <li key={item.id} className="stack">
            <span>
              <strong>{item.package_name}</strong> · {t.packageStatuses[item.status] ?? item.status} ·{' '}
              {item.status === 'pending_payment' ? null : (
                <>{t.credits(item.remaining_credits, item.total_credits)} · </>
              )}
              <span className="muted">
                {text.paidAmount(
                  formatMoney(item.amount_paid, item.currency, language),
                  formatMoney(item.package_price, item.currency, language),
                )}
              </span>
            </span>
            {item.status === 'pending_payment' && mayRecordPackagePayment(desk.session.role) ? (
              <RecordPayment
                desk={desk}
                held={item}
                onRecorded={() => {
                  setError(undefined);
                  setNotice(text.recorded(item.package_name));
                  setVersion((count) => count + 1);
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** POST /customer-packages/{id}/record-payment: the amount received, how, and an optional receipt number. */
function RecordPayment(props: { desk: Desk; held: HeldPackage; onRecorded(): void }) {
  const { desk, held } = props;
  const { t } = useI18n();
  const text = t.console.customersPage;
  const [amount, setAmount] = useState(String(Number(held.package_price)));
  const [method, setMethod] = useState('cash');
  const [receipt, setReceipt] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const prefix = `record-${held.id}`;

  const record = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const {
      data,
      error: refused,
      response,
    } = await api.POST('/api/v1/customer-packages/{customer_package_id}/record-payment', {
      params: {
        path: { customer_package_id: held.id },
        header: { 'Idempotency-Key': crypto.randomUUID() },
      },
      headers: bearer(desk.session.accessToken),
      body: { amount, payment_method: method, ...(receipt.trim() ? { receipt_number: receipt.trim() } : {}) },
    });
    setBusy(false);
    if (!data) return setError(desk.refusal(response, detailOf(refused, { amount: text.amount })));
    props.onRecorded();
  };

  return (
    <form
      className="form reschedule"
      aria-labelledby={`${prefix}-title`}
      onSubmit={(event) => void record(event)}
    >
      <h5 id={`${prefix}-title`}>{text.recordTitle(held.package_name)}</h5>
      <Alert message={error} />
      <div className="field">
        <label htmlFor={`${prefix}-amount`}>
          {text.amount} ({held.currency})
        </label>
        <input
          id={`${prefix}-amount`}
          inputMode="decimal"
          required
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-method`}>{text.method}</label>
        <select id={`${prefix}-method`} value={method} onChange={(event) => setMethod(event.target.value)}>
          {Object.entries(text.methods).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-receipt`}>{text.receipt}</label>
        <input
          id={`${prefix}-receipt`}
          value={receipt}
          onChange={(event) => setReceipt(event.target.value)}
        />
      </div>
      <button type="submit" className="primary" disabled={busy}>
        {text.record}
      </button>
    </form>
  );
}
