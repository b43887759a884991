import { useEffect, useState } from 'react';
import {
  api,
  bearer,
  detailOf,
  type ConsoleOutlet,
  type ConsoleService,
  type PackageForSale,
  type PackageSale,
} from '../api/client';
import { Alert, Notice } from '../shared/alert';
import { Confirm } from '../shared/confirm';
import { formatInstant, formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { PackageForm } from './package-form';
import { LOCAL_ZONE } from './service-values';

/** The recent sales shown under the packages: the newest first, one page. */
const SALES_SHOWN = 20;

/**
 * /console/packages, for those who may write packages: each package with what it holds, its price and validity,
 * how many were sold and for how much (the API's totals); adding and editing one (PackageForm), archiving one
 * (DELETE) after a confirmation; and the latest sales with their payment and credits.
 */
export function PackagesDesk({ desk }: { desk: Desk }) {
  const { t, language } = useI18n();
  const text = t.console.packages;
  const [packages, setPackages] = useState<PackageForSale[]>();
  const [sales, setSales] = useState<PackageSale[]>();
  const [services, setServices] = useState<ConsoleService[]>([]);
  const [outlets, setOutlets] = useState<ConsoleOutlet[]>([]);
  const [editing, setEditing] = useState<string | 'new'>();
  const [confirming, setConfirming] = useState<string>();
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const headers = bearer(desk.session.accessToken);

  useEffect(() => {
    void api
      .GET('/api/v1/packages', { params: { query: { size: 100 } }, headers })
      .then(({ data, error: refused, response }) =>
        data ? setPackages(data.items) : setError(desk.refusal(response, detailOf(refused))),
      );
    void api
      .GET('/api/v1/staff/customer-packages', { params: { query: { size: SALES_SHOWN } }, headers })
      .then(({ data, error: refused, response }) =>
        data ? setSales(data.items) : setError(desk.refusal(response, detailOf(refused))),
      );
  }, [desk.session.accessToken, version]);

  useEffect(() => {
    void api
      .GET('/api/v1/services', { params: { query: { size: 100, status: 'active' } }, headers })
      .then(({ data }) => data && setServices(data.items));
    void api
      .GET('/api/v1/outlets', { params: { query: { size: 100, is_active: true } }, headers })
      .then(({ data }) => data && setOutlets(data.items));
  }, [desk.session.accessToken]);

  const changed = (message: string) => {
    setNotice(message);
    setError(undefined);
    setVersion((count) => count + 1);
  };

  const archive = async (pack: PackageForSale) => {
    const { error: refused, response } = await api.DELETE('/api/v1/packages/{package_id}', {
      params: { path: { package_id: pack.id } },
      headers,
    });
    setConfirming(undefined);
    if (!response.ok) return setError(desk.refusal(response, detailOf(refused)));
    setEditing(undefined);
    changed(text.archived(pack.name));
  };

  const chosen = packages?.find((pack) => pack.id === editing);
  const money = (amount: string | number, currency: string) =>
    formatMoney(String(amount), currency, language);

  return (
    <section aria-labelledby="packages-heading" className="stack">
      <h2 id="packages-heading">{text.title}</h2>
      <Alert message={error} />
      <Notice message={notice} />
      <div className={`calendar-layout${editing ? ' with-panel' : ''}`}>
        <div className="stack service-categories">
          <div>
            <button type="button" className="primary add-service" onClick={() => setEditing('new')}>
              {text.add}
            </button>
          </div>
          {!packages ? <p role="status">{t.loading}</p> : null}
          {packages && packages.length === 0 ? <p className="muted">{text.none}</p> : null}
          <ul className="plain service-list card">
            {(packages ?? []).map((pack) => (
              <li key={pack.id}>
                <strong>{pack.name}</strong>{' '}
                <span className="muted">
                  {money(pack.package_price, pack.currency)} · {text.validFor(pack.validity_days)} ·{' '}
                  {pack.status === 'archived'
                    ? text.archivedState
                    : pack.is_active
                      ? text.onSaleState
                      : text.offSale}
                </span>
                <p className="muted">
                  {pack.package_items.map((item) => `${item.quantity} × ${item.service_name}`).join(', ')}
                </p>
                <p>{text.sold(pack.total_purchased, money(pack.total_revenue, pack.currency))}</p>
                <div className="actions">
                  <button type="button" className="secondary" onClick={() => setEditing(pack.id)}>
                    {text.edit(pack.name)}
                  </button>
                  {pack.status !== 'archived' ? (
                    <button type="button" className="danger" onClick={() => setConfirming(pack.id)}>
                      {text.archive(pack.name)}
                    </button>
                  ) : null}
                </div>
                {confirming === pack.id ? (
                  <Confirm
                    question={text.archiveConfirm(pack.name)}
                    label={text.archive(pack.name)}
                    yes={text.archiveYes}
                    onYes={() => void archive(pack)}
                    onKeep={() => setConfirming(undefined)}
                  />
                ) : null}
              </li>
            ))}
          </ul>
          <section aria-labelledby="package-sales-heading" className="card stack">
            <h3 id="package-sales-heading">{text.salesTitle}</h3>
            {sales && sales.length === 0 ? <p className="muted">{text.noSales}</p> : null}
            <ul className="plain service-list">
              {(sales ?? []).map((sale) => (
                <li key={sale.id}>
                  <strong>{sale.package_name}</strong>{' '}
                  <span className="muted">
                    {formatInstant(sale.purchased_at, LOCAL_ZONE, language)} ·{' '}
                    {money(sale.amount_paid ?? sale.package_price, sale.currency)} ·{' '}
                    {text.payment[sale.payment_status] ?? sale.payment_status} ·{' '}
                    {text.credits(sale.remaining_credits, sale.total_credits)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </div>
        {editing === 'new' || chosen ? (
          <PackageForm
            key={chosen?.id ?? 'new'}
            desk={desk}
            pack={chosen}
            services={services}
            outlets={outlets}
            onSaved={(name, created) => {
              setEditing(undefined);
              changed(created ? text.created(name) : text.saved(name));
            }}
            onClose={() => setEditing(undefined)}
          />
        ) : null}
      </div>
    </section>
  );
}
