import { useState, type FormEvent } from 'react';
import {
  api,
  bearer,
  detailOf,
  type ConsoleOutlet,
  type ConsoleService,
  type PackageForSale,
} from '../api/client';
import { FormFooter } from '../shared/form-footer';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { amountInput } from './service-values';
import { SelectField, TextAreaField, TextField } from './settings-fields';

interface ItemRow {
  serviceId: string;
  quantity: string;
}

/**
 * Adding a package (POST /packages: services with a count each, a price, a validity, the outlets that sell it)
 * or editing one (PATCH /packages/{id}: what the form shows). The API validates (the plan bounds the number of
 * services; no service twice): a refusal shows its message and the form keeps what was typed.
 */
export function PackageForm(props: {
  desk: Desk;
  pack: PackageForSale | undefined;
  services: ConsoleService[];
  outlets: ConsoleOutlet[];
  onSaved(name: string, created: boolean): void;
  onClose(): void;
}) {
  const { desk, pack, services, outlets } = props;
  const { t } = useI18n();
  const text = t.console.packages;
  const [name, setName] = useState(pack?.name ?? '');
  const [description, setDescription] = useState(pack?.description ?? '');
  const [price, setPrice] = useState(amountInput(pack?.package_price));
  const [validity, setValidity] = useState(pack ? String(pack.validity_days ?? '') : '90');
  const [items, setItems] = useState<ItemRow[]>(
    pack?.package_items.map((item) => ({ serviceId: item.service_id, quantity: String(item.quantity) })) ?? [
      { serviceId: services[0]?.id ?? '', quantity: '5' },
    ],
  );
  const [outletIds, setOutletIds] = useState<string[]>(
    pack?.outlet_ids ?? outlets.map((outlet) => outlet.id),
  );
  const [active, setActive] = useState(pack?.is_active ?? true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const headers = bearer(desk.session.accessToken);
  const id = pack ? `package-${pack.id}` : 'package-new';

  const setItem = (index: number, change: Partial<ItemRow>) =>
    setItems(items.map((item, at) => (at === index ? { ...item, ...change } : item)));
  const serviceOptions = services.map((service) => ({ value: service.id, text: service.name }));
  const toggleOutlet = (outletId: string, on: boolean) =>
    setOutletIds(on ? [...outletIds, outletId] : outletIds.filter((candidate) => candidate !== outletId));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const body = {
      name,
      description: description.trim() === '' ? undefined : description,
      package_items: items.map((item) => ({ service_id: item.serviceId, quantity: Number(item.quantity) })),
      package_price: price,
      validity_days: validity.trim() === '' ? null : Number(validity),
      outlet_ids: outletIds,
      is_active: active,
    };
    // An edit sends the items only when they changed: the API refuses any once the package has sold.
    const unchangedItems =
      pack !== undefined &&
      JSON.stringify(body.package_items) ===
        JSON.stringify(pack.package_items.map(({ service_id, quantity }) => ({ service_id, quantity })));
    const {
      data,
      error: refused,
      response,
    } = pack
      ? await api.PATCH('/api/v1/packages/{package_id}', {
          params: { path: { package_id: pack.id } },
          headers,
          body: unchangedItems ? { ...body, package_items: undefined } : body,
        })
      : await api.POST('/api/v1/packages', { headers, body });
    setBusy(false);
    if (!data) return setError(desk.refusal(response, detailOf(refused)));
    props.onSaved(data.name, !pack);
  };

  return (
    <section className="card panel stack" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{pack ? text.editTitle(pack.name) : text.newTitle}</h3>
      <form className="form stack" onSubmit={(event) => void save(event)}>
        <TextField id={`${id}-name`} label={text.name} required value={name} onChange={setName} />
        <TextAreaField
          id={`${id}-description`}
          label={text.description}
          rows={2}
          value={description}
          onChange={setDescription}
        />
        <fieldset className="choices">
          <legend>{text.items}</legend>
          {items.map((item, index) => (
            <div key={index} className="actions">
              <SelectField
                id={`${id}-service-${index}`}
                label={text.service(index + 1)}
                value={item.serviceId}
                options={serviceOptions}
                onChange={(serviceId) => setItem(index, { serviceId })}
              />
              <TextField
                id={`${id}-quantity-${index}`}
                label={text.quantity(index + 1)}
                type="number"
                min={1}
                required
                value={item.quantity}
                onChange={(quantity) => setItem(index, { quantity })}
              />
              {items.length > 1 ? (
                <button
                  type="button"
                  className="secondary"
                  onClick={() => setItems(items.filter((_, at) => at !== index))}
                >
                  {text.removeItem(index + 1)}
                </button>
              ) : null}
            </div>
          ))}
          <div>
            <button
              type="button"
              className="secondary"
              onClick={() => setItems([...items, { serviceId: services[0]?.id ?? '', quantity: '1' }])}
            >
              {text.addItem}
            </button>
          </div>
        </fieldset>
        <TextField
          id={`${id}-price`}
          label={text.price(pack?.currency ?? services[0]?.pricing.currency ?? '')}
          inputMode="decimal"
          required
          value={price}
          onChange={setPrice}
        />
        <TextField
          id={`${id}-validity`}
          label={text.validity}
          type="number"
          min={1}
          value={validity}
          onChange={setValidity}
        />
        <fieldset className="choices">
          <legend>{text.outlets}</legend>
          {outlets.map((outlet) => (
            <label key={outlet.id} className="choice">
              <input
                type="checkbox"
                checked={outletIds.includes(outlet.id)}
                onChange={(event) => toggleOutlet(outlet.id, event.target.checked)}
              />
              {outlet.name}
            </label>
          ))}
        </fieldset>
        <label className="choice">
          <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
          {text.onSale}
        </label>
        <FormFooter busy={busy} save={pack ? text.save : text.create} error={error} onClose={props.onClose} />
      </form>
    </section>
  );
}
