import { useEffect, useState } from 'react';
import { api, bearer, detailOf, type MyPackage } from '../api/client';
import { Alert } from '../shared/alert';
import { formatInstantDay, formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { refusal, type Signed } from './customer-shell';
import { PackageShop } from './package-shop';

const POLL_MS = 1000;
const POLLS = 30;

/**
 * /book/{slug}/my/packages: the customer's packages with their credits per service, then the packages on
 * sale. Back from the provider's page a bought package is still waiting for the payment callback, so the list
 * is asked for again every second for a while when one is pending.
 */
export function MyPackages({ signed }: { signed: Signed }) {
  const { t, language } = useI18n();
  const [items, setItems] = useState<MyPackage[]>();
  const [error, setError] = useState<string>();
  const [polls, setPolls] = useState(0);
  const timeZone = signed.business.outlets[0]?.timezone ?? 'UTC';
  const pending = items?.some((item) => item.status === 'pending_payment') ?? false;

  useEffect(() => {
    if (items && (!pending || polls >= POLLS)) return;
    const timer = setTimeout(
      () => {
        void api
          .GET('/api/v1/customer/packages', {
            params: { query: { size: 100, include_details: true } },
            headers: bearer(signed.session.accessToken),
          })
          .then(({ data, error: refused, response }) => {
            if (data) setItems(data.items);
            else setError(refusal(signed, response, detailOf(refused), t.somethingWrong));
            setPolls((count) => count + 1);
          });
      },
      items ? POLL_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [signed.session.accessToken, polls]);

  return (
    <>
      <section aria-labelledby="packages-heading" className="stack">
        <h2 id="packages-heading">{t.myPackagesTitle}</h2>
        <Alert message={error} />
        {!items ? <p role="status">{t.loading}</p> : null}
        {items?.length === 0 ? <p className="muted">{t.noPackages}</p> : null}
        {items?.map((item) => (
          <article key={item.id} aria-labelledby={`package-${item.id}`} className="card">
            <h3 id={`package-${item.id}`}>{item.package_name}</h3>
            <p className="credits">
              <strong>{t.credits(item.remaining_credits, item.total_credits)}</strong>
            </p>
            <dl className="summary">
              <dt>{t.status}</dt>
              <dd data-status={item.status}>{t.packageStatuses[item.status] ?? item.status}</dd>
              <dt>{t.price}</dt>
              <dd>{formatMoney(item.package_price, item.currency, language)}</dd>
              {item.expires_at ? (
                <>
                  <dt>{t.validUntil}</dt>
                  <dd>{formatInstantDay(item.expires_at, timeZone, language)}</dd>
                </>
              ) : null}
            </dl>
            {item.credits_details && item.credits_details.length > 0 ? (
              <ul className="plain">
                {item.credits_details.map((credit) => (
                  <li key={credit.id}>
                    {credit.service_name}: {t.credits(credit.remaining_credits, credit.total_credits)}
                  </li>
                ))}
              </ul>
            ) : null}
            {item.status === 'pending_payment' && item.gateway_payment_url ? (
              <p>
                <a href={item.gateway_payment_url}>{t.payNow}</a>
              </p>
            ) : null}
          </article>
        ))}
      </section>
      <PackageShop signed={signed} />
    </>
  );
}
