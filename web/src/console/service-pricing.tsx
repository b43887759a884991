import { useEffect, useState, type FormEvent } from 'react';
import {
  api,
  bearer,
  detailOf,
  type ConsoleOutlet,
  type ConsoleService,
  type ResolvedPrice,
} from '../api/client';
import { Alert } from '../shared/alert';
import { formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { amountInput, localInput } from './service-values';

/**
 * A service's prices: one per outlet (POST /services/{id}/pricing; an empty one is removed, so the base price
 * applies there; plans without outlet pricing are refused by the API with its message), the promotion (a price
 * and its end, PUT /services/{id} with a partial pricing), and what the booking page charges at each outlet
 * now (GET /services/{id}/price, the rule scheduling prices the booking with).
 */
export function ServicePricing(props: {
  desk: Desk;
  service: ConsoleService;
  outlets: ConsoleOutlet[];
  onSaved(): void;
  onClose(): void;
}) {
  const { desk, service, outlets } = props;
  const { t, language } = useI18n();
  const text = t.console.services;
  const { pricing } = service;
  const [outletPrices, setOutletPrices] = useState<Record<string, string>>(() =>
    Object.fromEntries(outlets.map((outlet) => [outlet.id, amountInput(pricing.outlet_prices[outlet.id])])),
  );
  const [promotion, setPromotion] = useState(amountInput(pricing.promotional_price));
  const [until, setUntil] = useState(localInput(pricing.promotional_valid_until));
  const [charged, setCharged] = useState<Record<string, ResolvedPrice>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const headers = bearer(desk.session.accessToken);
  const id = `prices-${service.id}`;

  // Read again after every change (the list reloads and passes the service anew).
  useEffect(() => {
    for (const outlet of outlets)
      void api
        .GET('/api/v1/services/{service_id}/price', {
          params: { path: { service_id: service.id }, query: { outlet_id: outlet.id } },
          headers,
        })
        .then(({ data }) => data && setCharged((known) => ({ ...known, [outlet.id]: data })));
  }, [service, outlets]);

  const done = async (call: Promise<{ data?: unknown; error?: unknown; response: Response }>) => {
    setBusy(true);
    setError(undefined);
    const { data, error: refused, response } = await call;
    setBusy(false);
    const fieldNames = {
      promotional_price: text.promotionalPrice,
      promotional_valid_until: text.validUntil,
      ...Object.fromEntries(outlets.map((outlet) => [outlet.id, text.priceAt(outlet.name)])),
    };
    if (!data) return setError(desk.refusal(response, detailOf(refused, fieldNames)));
    props.onSaved();
  };

  const saveOutletPrices = (event: FormEvent) => {
    event.preventDefault();
    const changes = Object.fromEntries(
      Object.entries(outletPrices).map(([outletId, amount]) => [
        outletId,
        amount.trim() === '' ? null : amount,
      ]),
    );
    void done(
      api.POST('/api/v1/services/{service_id}/pricing', {
        params: { path: { service_id: service.id } },
        headers,
        body: { outlet_prices: changes },
      }),
    );
  };

  const savePromotion = (event: FormEvent, end = false) => {
    event.preventDefault();
    // An empty or unreadable date goes as such: the API says what is missing.
    const expiry = until ? new Date(until) : undefined;
    const promotional = end
      ? { promotional_price: null }
      : {
          promotional_price: promotion,
          promotional_valid_until: expiry && !Number.isNaN(expiry.getTime()) ? expiry.toISOString() : null,
        };
    void done(
      api.PUT('/api/v1/services/{service_id}', {
        params: { path: { service_id: service.id } },
        headers,
        body: { pricing: promotional },
      }),
    );
  };

  return (
    <section className="card panel stack" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{text.prices(service.name)}</h3>
      <Alert message={error} />
      <section aria-labelledby={`${id}-charged`}>
        <h4 id={`${id}-charged`}>{text.chargedTitle}</h4>
        <ul className="plain">
          {outlets.map((outlet) => {
            const price = charged[outlet.id];
            return price ? (
              <li key={outlet.id}>
                {text.chargedAt(
                  outlet.name,
                  formatMoney(price.amount, price.currency, language),
                  text.sources[price.source] ?? price.source,
                )}
              </li>
            ) : null;
          })}
        </ul>
      </section>
      <form className="form reschedule" aria-labelledby={`${id}-outlets`} onSubmit={saveOutletPrices}>
        <h4 id={`${id}-outlets`}>{text.outletPricesTitle}</h4>
        <p className="hint">{text.outletPricesHint}</p>
        {outlets.map((outlet) => (
          <div className="field" key={outlet.id}>
            <label htmlFor={`${id}-${outlet.id}`}>
              {text.priceAt(outlet.name)} ({pricing.currency})
            </label>
            <input
              id={`${id}-${outlet.id}`}
              inputMode="decimal"
              value={outletPrices[outlet.id] ?? ''}
              onChange={(event) =>
                setOutletPrices((known) => ({ ...known, [outlet.id]: event.target.value }))
              }
            />
          </div>
        ))}
        <button type="submit" className="secondary" disabled={busy}>
          {text.saveOutletPrices}
        </button>
      </form>
      <form className="form reschedule" aria-labelledby={`${id}-promotion`} onSubmit={savePromotion}>
        <h4 id={`${id}-promotion`}>{text.promotionTitle}</h4>
        <p className="hint">{text.promotionHint}</p>
        <div className="field">
          <label htmlFor={`${id}-promotional`}>
            {text.promotionalPrice} ({pricing.currency})
          </label>
          <input
            id={`${id}-promotional`}
            inputMode="decimal"
            required
            value={promotion}
            onChange={(event) => setPromotion(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-until`}>{text.validUntil}</label>
          <input
            id={`${id}-until`}
            type="datetime-local"
            required
            value={until}
            onChange={(event) => setUntil(event.target.value)}
          />
        </div>
        <div className="actions">
          <button type="submit" className="secondary" disabled={busy}>
            {text.savePromotion}
          </button>
          {pricing.promotional_price !== null ? (
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={(event) => savePromotion(event, true)}
            >
              {text.endPromotion}
            </button>
          ) : null}
        </div>
      </form>
      <div className="actions">
        <button type="button" className="link" onClick={props.onClose}>
          {t.close}
        </button>
      </div>
    </section>
  );
}
