import { useEffect, useState } from 'react';
import { api, bearer, detailOf, type ConsoleCustomer } from '../api/client';
import { Alert } from '../shared/alert';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { mayEditCustomers, mayUseCustomerPackages } from './console-session';
import { CustomerForm } from './customer-form';
import { CustomerHistory } from './customer-history';
import { CustomerPackages } from './customer-packages';

/**
 * One customer's record (GET /customers/{id}): their details, editable by the roles the API lets edit them,
 * their appointments, and their packages for the roles that may read them.
 */
export function CustomerRecord(props: { desk: Desk; customerId: string; onClose(): void }) {
  const { desk, customerId } = props;
  const { t } = useI18n();
  const text = t.console.customersPage;
  const [customer, setCustomer] = useState<ConsoleCustomer>();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    void api
      .GET('/api/v1/customers/{customer_id}', {
        params: { path: { customer_id: customerId } },
        headers: bearer(desk.session.accessToken),
      })
      .then(({ data, error: refused, response }) =>
        data ? setCustomer(data) : setError(desk.refusal(response, detailOf(refused))),
      );
  }, [customerId]);

  const headingId = `customer-record-${customerId}`;
  return (
    <article className="card stack customer-record" aria-labelledby={headingId}>
      <h3 id={headingId}>{customer?.full_name ?? t.loading}</h3>
      <Alert message={error} />
      <p role="status" className="console-notice">
        {notice ?? ''}
      </p>
      {customer && editing ? (
        <CustomerForm
          desk={desk}
          customer={customer}
          onSaved={(saved) => {
            setCustomer(saved);
            setEditing(false);
            setNotice(text.saved(saved.full_name));
          }}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      {customer && !editing ? (
        <section aria-labelledby={`${headingId}-details`}>
          <h4 id={`${headingId}-details`}>{text.detailsTitle}</h4>
          <dl className="customer-details">
            <dt>{text.contact}</dt>
            <dd>{[customer.phone, customer.email].filter(Boolean).join(' · ') || text.noContact}</dd>
            {customer.tags.length > 0 ? (
              <>
                <dt>{text.tagsShown}</dt>
                <dd>{customer.tags.join(', ')}</dd>
              </>
            ) : null}
          </dl>
          {mayEditCustomers(desk.session.role) ? (
            <button type="button" className="secondary" onClick={() => setEditing(true)}>
              {text.edit(customer.full_name)}
            </button>
          ) : null}
        </section>
      ) : null}
      <CustomerHistory desk={desk} customerId={customerId} />
      {mayUseCustomerPackages(desk.session.role) ? (
        <CustomerPackages desk={desk} customerId={customerId} />
      ) : null}
      <div className="actions">
        <button type="button" className="link" onClick={props.onClose}>
          {text.close}
        </button>
      </div>
    </article>
  );
}
