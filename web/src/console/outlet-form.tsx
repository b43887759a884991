import { useState, type FormEvent } from 'react';
import { api, bearer, detailOf, type ConsoleOutlet } from '../api/client';
import { FormFooter } from '../shared/form-footer';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { TextField, ZoneSelect } from './settings-fields';

/**
 * Adding an outlet (POST /outlets; the plan bounds how many, a refusal is 402) or editing one (PUT
 * /outlets/{id}): name, address, phone, time zone, open or not. Business hours stay as they are. A refusal
 * shows the API's message and the form keeps what was typed.
 */
export function OutletForm(props: {
  desk: Desk;
  outlet: ConsoleOutlet | undefined;
  /** A new outlet's time zone: the business's. */
  zone: string;
  onSaved(name: string, created: boolean): void;
  onClose(): void;
}) {
  const { desk, outlet } = props;
  const { t } = useI18n();
  const text = t.console.settings;
  const [name, setName] = useState(outlet?.name ?? '');
  const [address, setAddress] = useState(outlet?.address ?? '');
  const [phone, setPhone] = useState(outlet?.phone ?? '');
  const [zone, setZone] = useState(outlet?.timezone ?? props.zone);
  const [active, setActive] = useState(outlet?.is_active ?? true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const headers = bearer(desk.session.accessToken);
  const id = outlet ? `outlet-${outlet.id}` : 'outlet-new';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const body = {
      name,
      address: address.trim() === '' ? null : address,
      phone: phone.trim() === '' ? null : phone,
      timezone: zone,
      is_active: active,
    };
    const {
      data,
      error: refused,
      response,
    } = outlet
      ? await api.PUT('/api/v1/outlets/{outlet_id}', {
          params: { path: { outlet_id: outlet.id } },
          headers,
          body,
        })
      : await api.POST('/api/v1/outlets', { headers, body });
    setBusy(false);
    if (!data) return setError(desk.refusal(response, detailOf(refused, text.fields)));
    props.onSaved(data.name, !outlet);
  };

  return (
    <section className="card panel stack" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{outlet ? text.editOutlet(outlet.name) : text.newOutlet}</h3>
      {/* The browser does not check the fields (noValidate): the API does, and its message shows here. */}
      <form className="form stack" noValidate onSubmit={(event) => void save(event)}>
        <TextField id={`${id}-name`} label={text.outletName} required value={name} onChange={setName} />
        <TextField id={`${id}-address`} label={text.address} value={address} onChange={setAddress} />
        <TextField id={`${id}-phone`} label={text.phone} type="tel" value={phone} onChange={setPhone} />
        <ZoneSelect id={`${id}-zone`} label={text.timezone} value={zone} onChange={setZone} />
        <label className="choice">
          <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
          {text.open}
        </label>
        <FormFooter
          busy={busy}
          save={outlet ? text.saveOutlet : text.createOutlet}
          error={error}
          onClose={props.onClose}
        />
      </form>
    </section>
  );
}
