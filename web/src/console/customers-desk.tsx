import { useEffect, useState, type FormEvent } from 'react';
import { api, bearer, detailOf, type ConsoleCustomer } from '../api/client';
import { Alert } from '../shared/alert';
import { formatDay } from '../shared/format';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { CustomerForm } from './customer-form';
import { CustomerRecord } from './customer-record';

export const CUSTOMERS_PATH = '/console/customers';
const PAGE_SIZE = 20;

/** What the desk shows besides the list: the new-customer form, or one customer's record. */
type Panel = { kind: 'new' } | { kind: 'record'; customer: ConsoleCustomer };

/**
 * /console/customers: the tenant's customers, searched and paged (GET /customers), each with their contact and
 * last visit; adding one (CustomerForm), and one customer's record (CustomerRecord).
 */
export function CustomersDesk({ desk }: { desk: Desk }) {
  const { t, language } = useI18n();
  const text = t.console.customersPage;
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [found, setFound] = useState<{ items: ConsoleCustomer[]; pages: number }>();
  const [panel, setPanel] = useState<Panel>();
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    void api
      .GET('/api/v1/customers', {
        params: { query: { search: search || undefined, page, size: PAGE_SIZE } },
        headers: bearer(desk.session.accessToken),
      })
      .then(({ data, error: refused, response }) =>
        data ? setFound(data) : setError(desk.refusal(response, detailOf(refused))),
      );
  }, [search, page, version]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setSearch(query.trim());
    setPage(1);
  };

  const open = (customer: ConsoleCustomer) => {
    setNotice(undefined);
    setPanel({ kind: 'record', customer });
  };

  return (
    <section aria-labelledby="customers-page-heading" className="stack customers-desk">
      <h2 id="customers-page-heading">{text.title}</h2>
      <Alert message={error} />
      <p role="status" className="console-notice">
        {notice ?? ''}
      </p>
      {panel?.kind === 'record' ? (
        <CustomerRecord
          key={panel.customer.id}
          desk={desk}
          customerId={panel.customer.id}
          onClose={() => {
            setPanel(undefined);
            setVersion((count) => count + 1);
          }}
        />
      ) : (
        <>
          <form className="card form search" role="search" onSubmit={submit}>
            <div className="field">
              <label htmlFor="customers-search">{text.searchLabel}</label>
              <input
                id="customers-search"
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </div>
            <button type="submit" className="secondary">
              {text.search}
            </button>
          </form>
          {panel?.kind === 'new' ? (
            <CustomerForm
              desk={desk}
              onSaved={(customer) => {
                setNotice(text.created(customer.full_name));
                setVersion((count) => count + 1);
                setPanel({ kind: 'record', customer });
              }}
              onCancel={() => setPanel(undefined)}
            />
          ) : (
            <div className="actions">
              <button type="button" className="primary" onClick={() => setPanel({ kind: 'new' })}>
                {text.add}
              </button>
            </div>
          )}
          <section aria-labelledby="customers-list-heading" className="card">
            <h3 id="customers-list-heading">{text.listTitle}</h3>
            {!found ? <p role="status">{t.loading}</p> : null}
            {found && found.items.length === 0 ? <p className="muted">{text.none}</p> : null}
            <ul className="plain team-list" aria-labelledby="customers-list-heading">
              {(found?.items ?? []).map((customer) => (
                <li key={customer.id} className="team-member">
                  <span>
                    <strong>{customer.full_name}</strong> ·{' '}
                    {[customer.phone, customer.email].filter(Boolean).join(' · ') || text.unknown} ·{' '}
                    <span className="muted">
                      {customer.last_appointment_date
                        ? text.lastVisit(
                            formatDay(customer.last_appointment_date.slice(0, 10), language, true),
                          )
                        : text.noVisit}
                    </span>
                  </span>
                  <span className="actions">
                    <button type="button" className="secondary" onClick={() => open(customer)}>
                      {text.open(customer.full_name)}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
            {found && found.pages > 1 ? (
              <nav aria-label={text.pageOf(page, found.pages)} className="actions">
                <button
                  type="button"
                  className="secondary"
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  {text.previous}
                </button>
                <span>{text.pageOf(page, found.pages)}</span>
                <button
                  type="button"
                  className="secondary"
                  disabled={page >= found.pages}
                  onClick={() => setPage(page + 1)}
                >
                  {text.next}
                </button>
              </nav>
            ) : null}
          </section>
        </>
      )}
    </section>
  );
}
