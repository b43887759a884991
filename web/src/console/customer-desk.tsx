import { useEffect, useState, type FormEvent } from 'react';
import {
  api,
  bearer,
  detailOf,
  type ConsoleCustomer,
  type CustomerCredit,
  type PackageForSale,
} from '../api/client';
import { Alert } from '../shared/alert';
import { formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { mayUseCustomerPackages } from './console-session';

/** A customer's credits summed per service (one row per customer package and service in the API). */
function creditsByService(credits: CustomerCredit[]) {
  const services = new Map<string, { name: string; remaining: number; total: number }>();
  for (const credit of credits) {
    if (credit.is_expired) continue;
    const entry = services.get(credit.service_id) ?? { name: credit.service_name, remaining: 0, total: 0 };
    entry.remaining += credit.remaining_credits;
    entry.total += credit.allocated_credits;
    services.set(credit.service_id, entry);
  }
  return [...services.entries()].map(([serviceId, entry]) => ({ serviceId, ...entry }));
}

/**
 * The counter's customer panel: find a customer (GET /customers?search=), see their package credits, sell a
 * package at this outlet (POST /staff/customer-packages; paid at the desk activates it at once) and redeem a
 * credit (POST /staff/customer-packages/credits/redeem). Roles the API refuses these to see the search only.
 */
export function CustomerDesk({ desk, outletId }: { desk: Desk; outletId: string }) {
  const { t } = useI18n();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<ConsoleCustomer[]>();
  const [customer, setCustomer] = useState<ConsoleCustomer>();
  const [error, setError] = useState<string>();

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const {
      data,
      error: refused,
      response,
    } = await api.GET('/api/v1/customers', {
      params: { query: { search: query, size: 20 } },
      headers: bearer(desk.session.accessToken),
    });
    if (!data) return setError(desk.refusal(response, detailOf(refused)));
    setFound(data.items);
    setCustomer(undefined);
  };

  return (
    <section className="stack" aria-labelledby="customers-heading">
      <h2 id="customers-heading">{t.console.customers}</h2>
      <form className="card form search" role="search" onSubmit={(event) => void search(event)}>
        <div className="field">
          <label htmlFor="customer-search">{t.console.searchLabel}</label>
          <input
            id="customer-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <button type="submit" className="secondary">
          {t.console.search}
        </button>
      </form>
      <Alert message={error} />
      {found && found.length === 0 ? <p className="muted">{t.console.noCustomers}</p> : null}
      {found && found.length > 0 && !customer ? (
        <ul className="plain customer-list">
          {found.map((item) => (
            <li key={item.id}>
              <button type="button" className="link" onClick={() => setCustomer(item)}>
                {t.console.open(item.full_name)}
              </button>{' '}
              <span className="muted">{item.email ?? item.phone ?? ''}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {customer ? (
        <CustomerCard
          key={customer.id}
          desk={desk}
          customer={customer}
          outletId={outletId}
          onClose={() => setCustomer(undefined)}
        />
      ) : null}
    </section>
  );
}

function CustomerCard(props: { desk: Desk; customer: ConsoleCustomer; outletId: string; onClose(): void }) {
  const { desk, customer, outletId } = props;
  const { t, language } = useI18n();
  const packagesAllowed = mayUseCustomerPackages(desk.session.role);
  const [credits, setCredits] = useState<CustomerCredit[]>();
  const [packages, setPackages] = useState<PackageForSale[]>();
  const [packageId, setPackageId] = useState<string>();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('manual_onspot');
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const headers = bearer(desk.session.accessToken);

  useEffect(() => {
    if (!packagesAllowed) return;
    void api
      .GET('/api/v1/staff/customer-packages/{customer_id}/credits', {
        params: { path: { customer_id: customer.id } },
        headers,
      })
      .then(({ data, error: refused, response }) =>
        data ? setCredits(data) : setError(desk.refusal(response, detailOf(refused))),
      );
  }, [customer.id, version]);

  useEffect(() => {
    if (!packagesAllowed) return;
    void api
      .GET('/api/v1/packages', {
        params: { query: { outlet_id: outletId, is_active: true, size: 100 } },
        headers,
      })
      .then(({ data, error: refused, response }) => {
        if (!data) return setError(desk.refusal(response, detailOf(refused)));
        setPackages(data.items);
        const first = data.items[0];
        setPackageId(first?.id);
        setAmount(first ? String(Number(first.package_price)) : '');
      });
  }, [outletId]);

  const chosen = packages?.find((item) => item.id === packageId);

  const sell = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    const {
      data,
      error: refused,
      response,
    } = await api.POST('/api/v1/staff/customer-packages', {
      params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
      headers,
      body: {
        customer_id: customer.id,
        package_id: chosen.id,
        outlet_id: outletId,
        payment_method: method as 'manual_onspot' | 'bank_transfer',
        amount_paid: amount,
        currency: chosen.currency,
      },
    });
    setBusy(false);
    if (!data) return setError(desk.refusal(response, detailOf(refused)));
    setNotice(t.console.sold(data.package_name));
    setVersion((count) => count + 1);
  };

  const redeem = async (serviceId: string, name: string) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    const {
      data,
      error: refused,
      response,
    } = await api.POST('/api/v1/staff/customer-packages/credits/redeem', {
      headers,
      body: { customer_id: customer.id, service_id: serviceId, quantity: 1 },
    });
    setBusy(false);
    if (!data) return setError(desk.refusal(response, detailOf(refused)));
    setNotice(t.console.redeemed(name, data.remaining_credits_for_service));
    setVersion((count) => count + 1);
  };

  const headingId = `customer-${customer.id}`;
  const services = credits ? creditsByService(credits) : [];
  return (
    <article className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>{customer.full_name}</h3>
      <p className="muted">{[customer.email, customer.phone].filter(Boolean).join(' · ')}</p>
      <Alert message={error} />
      <p role="status" className="console-notice">
        {notice ?? ''}
      </p>
      {packagesAllowed ? (
        <>
          <section aria-labelledby={`${headingId}-credits`}>
            <h4 id={`${headingId}-credits`}>{t.console.creditsTitle}</h4>
            {!credits ? <p role="status">{t.loading}</p> : null}
            {credits && services.length === 0 ? <p className="muted">{t.console.noCredits}</p> : null}
            <ul className="plain credit-list">
              {services.map((service) => (
                <li key={service.serviceId}>
                  <span>
                    {service.name}: {t.credits(service.remaining, service.total)}
                  </span>{' '}
                  {service.remaining > 0 ? (
                    <button
                      type="button"
                      className="secondary"
                      disabled={busy}
                      onClick={() => void redeem(service.serviceId, service.name)}
                    >
                      {t.console.redeem(service.name)}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
          <form
            className="form reschedule"
            aria-labelledby={`${headingId}-sell`}
            onSubmit={(event) => void sell(event)}
          >
            <h4 id={`${headingId}-sell`}>{t.console.sellTitle}</h4>
            {packages && packages.length === 0 ? <p className="muted">{t.console.noPackages}</p> : null}
            {packages && packages.length > 0 ? (
              <>
                <div className="field">
                  <label htmlFor={`${headingId}-package`}>{t.console.package}</label>
                  <select
                    id={`${headingId}-package`}
                    value={packageId}
                    onChange={(event) => {
                      const next = packages.find((item) => item.id === event.target.value);
                      setPackageId(next?.id);
                      setAmount(next ? String(Number(next.package_price)) : '');
                    }}
                  >
                    {packages.map((item) => (
                      <option key={item.id} value={item.id}>
                        {item.name} — {formatMoney(item.package_price, item.currency, language)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`${headingId}-amount`}>
                    {t.console.amountPaid} ({chosen?.currency})
                  </label>
                  <input
                    id={`${headingId}-amount`}
                    inputMode="decimal"
                    pattern="\d+(\.\d{1,2})?"
                    required
                    value={amount}
                    onChange={(event) => setAmount(event.target.value)}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`${headingId}-method`}>{t.console.paymentMethod}</label>
                  <select
                    id={`${headingId}-method`}
                    value={method}
                    onChange={(event) => setMethod(event.target.value)}
                  >
                    {Object.entries(t.console.paymentMethods).map(([value, name]) => (
                      <option key={value} value={value}>
                        {name}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className="primary" disabled={busy || !chosen}>
                  {t.console.sell}
                </button>
              </>
            ) : null}
          </form>
        </>
      ) : null}
      <div className="actions">
        <button type="button" className="link" onClick={props.onClose}>
          {t.close}
        </button>
      </div>
    </article>
  );
}
