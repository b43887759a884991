import { useEffect, useState } from 'react';
import { api, bearer, detailOf, type PackageOnSale } from '../api/client';
import { Alert } from '../shared/alert';
import { formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { refusal, type Signed } from './customer-shell';

/**
 * The packages on sale at the business's first outlet; "Buy" starts the purchase with a return address on
 * this page and goes to the provider's hosted page to pay (a top-level navigation, as for a booking).
 */
export function PackageShop({ signed }: { signed: Signed }) {
  const { t, language } = useI18n();
  const [items, setItems] = useState<PackageOnSale[]>();
  const [error, setError] = useState<string>();
  const [buying, setBuying] = useState<string>();
  const outlet = signed.business.outlets[0];

  useEffect(() => {
    void api
      .GET('/api/v1/customer/packages/browse', {
        params: { query: { size: 100, ...(outlet ? { outlet_id: outlet.id } : {}) } },
        headers: bearer(signed.session.accessToken),
      })
      .then(({ data, error: refused, response }) =>
        data
          ? setItems(data.items)
          : setError(refusal(signed, response, detailOf(refused), t.somethingWrong)),
      );
  }, [signed.session.accessToken, outlet?.id]);

  const buy = async (item: PackageOnSale) => {
    if (!outlet) return;
    setBuying(item.id);
    setError(undefined);
    const back = `${window.location.origin}/book/${encodeURIComponent(signed.slug)}/my/packages`;
    const {
      data,
      error: refused,
      response,
    } = await api.POST('/api/v1/customer/packages/purchase', {
      headers: bearer(signed.session.accessToken),
      body: {
        package_id: item.id,
        outlet_id: outlet.id,
        payment_method: 'gateway_digital',
        return_url: back,
      },
    });
    const url = data && 'invoice' in data ? data.invoice.payment_url : undefined;
    if (!url) {
      setBuying(undefined);
      return setError(refusal(signed, response, detailOf(refused), t.somethingWrong));
    }
    window.location.assign(url);
  };

  return (
    <section aria-labelledby="shop-heading" className="stack">
      <h2 id="shop-heading">{t.onSale}</h2>
      <Alert message={error} />
      {!items ? <p role="status">{t.loading}</p> : null}
      {items?.length === 0 ? <p className="muted">{t.nothingOnSale}</p> : null}
      {items?.map((item) => (
        <article key={item.id} aria-labelledby={`sale-${item.id}`} className="card">
          <h3 id={`sale-${item.id}`}>{item.name}</h3>
          {item.description ? <p className="muted">{item.description}</p> : null}
          <p>
            <strong>{formatMoney(item.package_price, item.currency, language)}</strong>
            {item.validity_days ? ` · ${t.validFor(item.validity_days)}` : null}
          </p>
          <p className="muted">
            {t.includes}:{' '}
            {item.package_items.map((line) => `${line.quantity} × ${line.service_name}`).join(', ')}
          </p>
          <button
            type="button"
            className="primary"
            disabled={buying !== undefined}
            onClick={() => void buy(item)}
          >
            {buying === item.id ? t.toPayment : t.buy(item.name)}
          </button>
        </article>
      ))}
    </section>
  );
}
