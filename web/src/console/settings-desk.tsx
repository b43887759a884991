import { useEffect, useState } from 'react';
import { api, bearer, detailOf, type ConsoleOutlet } from '../api/client';
import { Alert, Notice } from '../shared/alert';
import { useI18n } from '../shared/i18n';
import { BusinessForm, type Tenant } from './business-form';
import type { Desk } from './console-page';
import { OutletForm } from './outlet-form';

export const SETTINGS_PATH = '/console/settings';

/**
 * /console/settings, for those who may change the business (PUT /tenants/{id}): its details and booking rules
 * (BusinessForm), and its outlets, open or closed, with adding and editing one (OutletForm).
 */
export function SettingsDesk({ desk }: { desk: Desk }) {
  const { t } = useI18n();
  const text = t.console.settings;
  const [tenant, setTenant] = useState<Tenant>();
  const [outlets, setOutlets] = useState<ConsoleOutlet[]>();
  const [editing, setEditing] = useState<string | 'new'>();
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const headers = bearer(desk.session.accessToken);

  useEffect(() => {
    void api
      .GET('/api/v1/tenants/{tenant_id}', {
        params: { path: { tenant_id: desk.session.tenant.id } },
        headers,
      })
      .then(({ data, error: refused, response }) =>
        data ? setTenant(data) : setError(desk.refusal(response, detailOf(refused))),
      );
  }, [desk.session.accessToken]);

  useEffect(() => {
    // Every outlet, closed ones too: closing one here must not make it disappear from the list.
    void api
      .GET('/api/v1/outlets', { params: { query: { size: 100 } }, headers })
      .then(({ data, error: refused, response }) =>
        data ? setOutlets(data.items) : setError(desk.refusal(response, detailOf(refused))),
      );
  }, [desk.session.accessToken, version]);

  const chosen = outlets?.find((outlet) => outlet.id === editing);

  return (
    <section aria-labelledby="settings-heading" className="stack">
      <h2 id="settings-heading">{text.title}</h2>
      <Alert message={error} />
      {!tenant ? <p role="status">{t.loading}</p> : null}
      {tenant ? <BusinessForm desk={desk} tenant={tenant} onSaved={setTenant} /> : null}
      <div className={`calendar-layout${editing ? ' with-panel' : ''}`}>
        <section aria-labelledby="outlets-heading" className="card stack settings-outlets">
          <h3 id="outlets-heading">{text.outletsTitle}</h3>
          <Notice message={notice} />
          <div>
            <button type="button" className="primary" onClick={() => setEditing('new')}>
              {text.addOutlet}
            </button>
          </div>
          {!outlets ? <p role="status">{t.loading}</p> : null}
          <ul className="plain service-list">
            {(outlets ?? []).map((outlet) => (
              <li key={outlet.id}>
                <strong>{outlet.name}</strong>{' '}
                <span className="muted">
                  {[outlet.address, outlet.phone, outlet.timezone].filter(Boolean).join(' · ')} ·{' '}
                  {outlet.is_active ? text.openState : text.closedState}
                </span>
                <div className="actions">
                  <button type="button" className="secondary" onClick={() => setEditing(outlet.id)}>
                    {text.editOutlet(outlet.name)}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
        {editing === 'new' || chosen ? (
          <OutletForm
            key={chosen?.id ?? 'new'}
            desk={desk}
            outlet={chosen}
            zone={tenant?.settings.timezone ?? 'UTC'}
            onSaved={(name, created) => {
              setEditing(undefined);
              setNotice(created ? text.outletCreated(name) : text.outletSaved(name));
              setVersion((count) => count + 1);
            }}
            onClose={() => setEditing(undefined)}
          />
        ) : null}
      </div>
    </section>
  );
}
