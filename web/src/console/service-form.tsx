import { useState, type FormEvent } from 'react';
import { api, bearer, detailOf, type ConsoleService, type ServiceCategory } from '../api/client';
import { Alert } from '../shared/alert';
import { FormFooter } from '../shared/form-footer';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { amountInput, slugOf, stateFields, stateOf } from './service-values';
import { SelectField, TextAreaField, TextField } from './settings-fields';

/**
 * Adding a service (POST /services: the currency is the tenant's) or editing one (PUT /services/{id}: only
 * the fields on the form; the price merges into the stored pricing, so outlet prices and a promotion stay).
 * The API validates: a refusal shows its message and the form keeps what was typed.
 */
export function ServiceForm(props: {
  desk: Desk;
  service: ConsoleService | undefined;
  categories: ServiceCategory[];
  currency: string | undefined;
  onSaved(name: string, created: boolean): void;
  onClose(): void;
}) {
  const { desk, service } = props;
  const { t } = useI18n();
  const text = t.console.services;
  const [name, setName] = useState(service?.name ?? '');
  const [category, setCategory] = useState(service?.category ?? props.categories[0]?.category ?? '');
  const [duration, setDuration] = useState(String(service?.duration_minutes ?? 60));
  const [price, setPrice] = useState(amountInput(service?.pricing.base_price));
  const [description, setDescription] = useState(service?.description ?? '');
  const initiallyActive = service ? stateOf(service) === 'active' : true;
  const [active, setActive] = useState(initiallyActive);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const headers = bearer(desk.session.accessToken);
  const id = service ? `service-${service.id}` : 'service-new';
  const currency = service?.pricing.currency ?? props.currency;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const fields = {
      name,
      category,
      duration_minutes: Number(duration),
      description: description.trim() === '' ? null : description,
    };
    // The state is sent only when changed, so editing an archived service does not restore it by the way.
    const state = active === initiallyActive ? {} : stateFields(active);
    const {
      data,
      error: refused,
      response,
    } = service
      ? await api.PUT('/api/v1/services/{service_id}', {
          params: { path: { service_id: service.id } },
          headers,
          body: { ...fields, ...state, pricing: { base_price: price } },
        })
      : await api.POST('/api/v1/services', {
          headers,
          body: { ...fields, ...stateFields(active), slug: slugOf(name), pricing: { base_price: price } },
        });
    setBusy(false);
    const fieldNames = {
      name: text.name,
      slug: text.name,
      category: text.category,
      duration_minutes: text.duration,
      base_price: text.basePrice,
      description: text.description,
    };
    if (!data) return setError(desk.refusal(response, detailOf(refused, fieldNames)));
    props.onSaved(data.name, !service);
  };

  return (
    <form
      className="card form panel"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => void save(event)}
    >
      <h3 id={`${id}-heading`}>{service ? text.editTitle(service.name) : text.newTitle}</h3>
      <Alert message={error} />
      <TextField
        id={`${id}-name`}
        label={text.name}
        required
        maxLength={200}
        value={name}
        onChange={setName}
      />
      <SelectField
        id={`${id}-category`}
        label={text.category}
        value={category}
        options={props.categories.map((entry) => ({ value: entry.category, text: entry.display_name }))}
        onChange={setCategory}
      />
      <TextField
        id={`${id}-duration`}
        label={text.duration}
        type="number"
        required
        min={5}
        max={480}
        step={5}
        value={duration}
        onChange={setDuration}
      />
      <TextField
        id={`${id}-price`}
        label={`${text.basePrice}${currency ? ` (${currency})` : ''}`}
        inputMode="decimal"
        required
        value={price}
        onChange={setPrice}
      />
      <TextAreaField
        id={`${id}-description`}
        label={text.description}
        rows={3}
        maxLength={5000}
        value={description}
        onChange={setDescription}
      />
      <label className="choice">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        {text.bookable}
      </label>
      {/* The refusal shows above the fields (the Alert at the top), so the footer is only the buttons. */}
      <FormFooter
        busy={busy}
        save={service ? text.save : text.create}
        onClose={props.onClose}
        closeLook="link"
      />
    </form>
  );
}
