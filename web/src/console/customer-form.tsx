import { useState, type FormEvent } from 'react';
import { api, bearer, detailOf, type ConsoleCustomer } from '../api/client';
import { Alert } from '../shared/alert';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';

/**
 * Adding a customer (POST /customers) or, given `customer`, editing one (PUT /customers/{id}): names, phone,
 * e-mail and tags. The browser does not check the fields (noValidate): the API does, and its message shows here
 * with everything typed kept.
 */
export function CustomerForm(props: {
  desk: Desk;
  customer?: ConsoleCustomer;
  onSaved(saved: ConsoleCustomer): void;
  onCancel(): void;
}) {
  const { desk, customer } = props;
  const { t } = useI18n();
  const text = t.console.customersPage;
  const [firstName, setFirstName] = useState(customer?.first_name ?? '');
  const [lastName, setLastName] = useState(customer?.last_name ?? '');
  const [phone, setPhone] = useState(customer?.phone ?? '');
  const [email, setEmail] = useState(customer?.email ?? '');
  const [tags, setTags] = useState((customer?.tags ?? []).join(', '));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const prefix = customer ? `customer-${customer.id}-form` : 'new-customer';
  const labels = {
    first_name: text.firstName,
    last_name: text.lastName,
    phone: text.phone,
    email: text.email,
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const fields = {
      first_name: firstName.trim(),
      ...(lastName.trim() ? { last_name: lastName.trim() } : {}),
      ...(phone.trim() ? { phone: phone.trim() } : {}),
      ...(email.trim() ? { email: email.trim() } : {}),
      tags: tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    };
    const headers = bearer(desk.session.accessToken);
    const {
      data,
      error: refused,
      response,
    } = customer
      ? await api.PUT('/api/v1/customers/{customer_id}', {
          params: { path: { customer_id: customer.id } },
          headers,
          body: fields,
        })
      : await api.POST('/api/v1/customers', { headers, body: fields });
    setBusy(false);
    if (!data) return setError(desk.refusal(response, detailOf(refused, labels)));
    props.onSaved(data);
  };

  const field = (id: string, label: string, value: string, set: (value: string) => void, type = 'text') => (
    <div className="field">
      <label htmlFor={`${prefix}-${id}`}>{label}</label>
      <input
        id={`${prefix}-${id}`}
        type={type}
        required={id === 'first-name'}
        value={value}
        onChange={(event) => set(event.target.value)}
      />
    </div>
  );

  return (
    <form
      className="card form customer-form"
      aria-labelledby={`${prefix}-title`}
      noValidate
      onSubmit={(event) => void save(event)}
    >
      <h3 id={`${prefix}-title`}>{customer ? text.editTitle(customer.full_name) : text.addTitle}</h3>
      <Alert message={error} />
      {field('first-name', text.firstName, firstName, setFirstName)}
      {field('last-name', text.lastName, lastName, setLastName)}
      {field('phone', text.phone, phone, setPhone, 'tel')}
      {field('email', text.email, email, setEmail, 'email')}
      {field('tags', text.tags, tags, setTags)}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {customer ? text.save : text.create}
        </button>
        <button type="button" className="link" onClick={props.onCancel}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}
