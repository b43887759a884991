import { useEffect, useState } from 'react';
import { api, bearer, detailOf, type MyPayment } from '../api/client';
import { Alert } from '../shared/alert';
import { formatInstantDay, formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { refusal, type Signed } from './customer-shell';

/** /book/{slug}/my/payments: bookings and packages paid, newest first, with the invoice PDF when there is one. */
export function MyPayments({ signed }: { signed: Signed }) {
  const { t, language } = useI18n();
  const [items, setItems] = useState<MyPayment[]>();
  const [error, setError] = useState<string>();
  const timeZone = signed.business.outlets[0]?.timezone ?? 'UTC';

  useEffect(() => {
    void api
      .GET('/api/v1/customer/payments', {
        params: { query: { size: 100 } },
        headers: bearer(signed.session.accessToken),
      })
      .then(({ data, error: refused, response }) =>
        data
          ? setItems(data.items)
          : setError(refusal(signed, response, detailOf(refused), t.somethingWrong)),
      );
  }, [signed.session.accessToken]);

  return (
    <section aria-labelledby="payments-heading" className="stack">
      <h2 id="payments-heading">{t.paymentsTitle}</h2>
      <Alert message={error} />
      {!items ? <p role="status">{t.loading}</p> : null}
      {items?.length === 0 ? <p className="muted">{t.noPayments}</p> : null}
      {items?.map((item) => (
        <article key={item.id} aria-labelledby={`payment-${item.id}`} className="card">
          <h3 id={`payment-${item.id}`}>
            {t.paymentTypes[item.type] ?? item.type} · {formatMoney(item.amount, item.currency, language)}
          </h3>
          <dl className="summary">
            <dt>{t.status}</dt>
            <dd data-status={item.status}>{t.paymentStatuses[item.status] ?? item.status}</dd>
            <dt>{t.when}</dt>
            <dd>{formatInstantDay(item.paid_at ?? item.created_at, timeZone, language)}</dd>
            {item.method ? (
              <>
                <dt>{t.method}</dt>
                <dd>{item.method}</dd>
              </>
            ) : null}
          </dl>
          {item.refunded_amount && Number(item.refunded_amount) > 0 ? (
            <p>{t.refunded(formatMoney(item.refunded_amount, item.currency, language))}</p>
          ) : null}
          {item.invoice_pdf_url && item.invoice_number ? (
            <p>
              <a href={item.invoice_pdf_url}>{t.invoice(item.invoice_number)}</a>
            </p>
          ) : null}
        </article>
      ))}
    </section>
  );
}
