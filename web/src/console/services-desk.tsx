import { useEffect, useState } from 'react';
import {
  api,
  bearer,
  detailOf,
  type ConsoleOutlet,
  type ConsoleService,
  type ServiceCategory,
} from '../api/client';
import { Alert } from '../shared/alert';
import { Confirm } from '../shared/confirm';
import { formatInstant, formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { mayArchiveServices, outletScope } from './console-session';
import { ServiceForm } from './service-form';
import { ServicePricing } from './service-pricing';
import { byCategory, LOCAL_ZONE, stateOf } from './service-values';

/** What the panel beside the list shows: the new-service form, a service's form, or its prices. */
type Panel = { kind: 'new' } | { kind: 'edit' | 'prices'; serviceId: string };

/**
 * /console/services, for those who may write services: the tenant's services by category with their duration,
 * price and state; adding and editing one (ServiceForm), its outlet prices and promotion (ServicePricing), and
 * deleting one (DELETE archives it) after a confirmation.
 */
export function ServicesDesk({ desk }: { desk: Desk }) {
  const { t, language } = useI18n();
  const [services, setServices] = useState<ConsoleService[]>();
  const [categories, setCategories] = useState<ServiceCategory[]>([]);
  const [outlets, setOutlets] = useState<ConsoleOutlet[]>([]);
  const [panel, setPanel] = useState<Panel>();
  const [confirming, setConfirming] = useState<string>();
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const headers = bearer(desk.session.accessToken);
  const text = t.console.services;

  useEffect(() => {
    void api
      .GET('/api/v1/services', { params: { query: { size: 100 } }, headers })
      .then(({ data, error: refused, response }) =>
        data ? setServices(data.items) : setError(desk.refusal(response, detailOf(refused))),
      );
  }, [desk.session.accessToken, version]);

  useEffect(() => {
    void api
      .GET('/api/v1/services/categories', { params: { query: { active_only: false } }, headers })
      .then(({ data }) => data && setCategories(data));
    void api
      .GET('/api/v1/outlets', { params: { query: { size: 100, is_active: true } }, headers })
      .then(({ data }) => {
        const scope = outletScope(desk.session);
        if (data) setOutlets(scope ? data.items.filter((outlet) => scope.includes(outlet.id)) : data.items);
      });
  }, [desk.session.accessToken]);

  const changed = (message: string) => {
    setNotice(message);
    setError(undefined);
    setVersion((count) => count + 1);
  };

  const archive = async (service: ConsoleService) => {
    setError(undefined);
    const { error: refused, response } = await api.DELETE('/api/v1/services/{service_id}', {
      params: { path: { service_id: service.id } },
      headers,
    });
    setConfirming(undefined);
    if (!response.ok) return setError(desk.refusal(response, detailOf(refused)));
    setPanel(undefined);
    changed(text.archived(service.name));
  };

  const open = (next: Panel) => {
    setPanel(next);
    setNotice(undefined);
    setConfirming(undefined);
  };

  const chosen = panel?.kind === 'new' ? undefined : services?.find((item) => item.id === panel?.serviceId);
  const currency = services?.[0]?.pricing.currency;

  return (
    <section aria-labelledby="services-heading" className="stack">
      <h2 id="services-heading">{text.title}</h2>
      <Alert message={error} />
      <p role="status" className="console-notice">
        {notice ?? ''}
      </p>
      <div className={`calendar-layout${panel ? ' with-panel' : ''}`}>
        <div className="stack service-categories">
          <div>
            <button type="button" className="primary add-service" onClick={() => open({ kind: 'new' })}>
              {text.add}
            </button>
          </div>
          {!services ? <p role="status">{t.loading}</p> : null}
          {services && services.length === 0 ? <p className="muted">{text.none}</p> : null}
          {byCategory(services ?? [], categories).map((group) => (
            <section key={group.key} aria-labelledby={`category-${group.key}`} className="card">
              <h3 id={`category-${group.key}`}>{group.name}</h3>
              <ul className="plain service-list">
                {group.services.map((service) => (
                  <li key={service.id}>
                    <strong>{service.name}</strong>{' '}
                    <span className="muted">
                      {t.minutes(service.duration_minutes)} ·{' '}
                      {formatMoney(service.price.amount, service.price.currency, language)}
                      {service.price.source === 'promotional_price' && service.pricing.promotional_valid_until
                        ? ` (${text.promotionUntil(formatInstant(service.pricing.promotional_valid_until, LOCAL_ZONE, language))})`
                        : ''}{' '}
                      · {text.states[stateOf(service)]}
                    </span>
                    <div className="actions">
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => open({ kind: 'edit', serviceId: service.id })}
                      >
                        {text.edit(service.name)}
                      </button>
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => open({ kind: 'prices', serviceId: service.id })}
                      >
                        {text.prices(service.name)}
                      </button>
                      {mayArchiveServices(desk.session.role) && service.status !== 'archived' ? (
                        <button type="button" className="danger" onClick={() => setConfirming(service.id)}>
                          {text.archive(service.name)}
                        </button>
                      ) : null}
                    </div>
                    {confirming === service.id ? (
                      <Confirm
                        question={text.archiveConfirm(service.name)}
                        label={text.archive(service.name)}
                        yes={text.archiveYes}
                        onYes={() => void archive(service)}
                        onKeep={() => setConfirming(undefined)}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        {panel?.kind === 'new' || (panel?.kind === 'edit' && chosen) ? (
          <ServiceForm
            key={chosen?.id ?? 'new'}
            desk={desk}
            service={chosen}
            categories={categories}
            currency={currency}
            onSaved={(name, created) => {
              // A new service is listed at once; its form closes. An edited one stays open for more changes.
              if (created) setPanel(undefined);
              changed(created ? text.created(name) : text.saved(name));
            }}
            onClose={() => setPanel(undefined)}
          />
        ) : null}
        {panel?.kind === 'prices' && chosen ? (
          <ServicePricing
            key={chosen.id}
            desk={desk}
            service={chosen}
            outlets={outlets}
            onSaved={() => changed(text.pricesSaved)}
            onClose={() => setPanel(undefined)}
          />
        ) : null}
      </div>
    </section>
  );
}
