import { useState, type FormEvent } from 'react';
import { api, bearer, detailOf, type ConsoleService, type ConsoleStaff } from '../api/client';
import { Alert } from '../shared/alert';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';

type EmploymentType = ConsoleStaff['employment_type'];
const EMPLOYMENT_TYPES: EmploymentType[] = ['full_time', 'part_time', 'contractor'];

/**
 * Adding a staff member to the outlet (POST /staff) or, given `member`, editing one (PUT /staff/{id}): names,
 * e-mail, position, employment type and the catalogue's services they perform.
 */
export function StaffForm(props: {
  desk: Desk;
  outletId: string;
  services: ConsoleService[];
  member?: ConsoleStaff;
  onSaved(name: string): void;
  onCancel(): void;
}) {
  const { desk, member } = props;
  const { t } = useI18n();
  const [firstName, setFirstName] = useState(member?.first_name ?? '');
  const [lastName, setLastName] = useState(member?.last_name ?? '');
  const [email, setEmail] = useState(member?.email ?? '');
  const [position, setPosition] = useState(member?.position ?? '');
  const [employment, setEmployment] = useState<EmploymentType>(member?.employment_type ?? 'full_time');
  const [serviceIds, setServiceIds] = useState<string[]>(member?.skills.service_ids ?? []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const prefix = member ? `staff-${member.id}` : 'new-staff';
  const title = member
    ? t.console.team.editTitle(`${member.first_name} ${member.last_name}`)
    : t.console.team.addTitle;

  const toggle = (id: string, on: boolean) =>
    setServiceIds((chosen) => (on ? [...chosen, id] : chosen.filter((candidate) => candidate !== id)));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const fields = {
      first_name: firstName.trim(),
      last_name: lastName.trim(),
      email: email.trim(),
      position: position.trim(),
      employment_type: employment,
      skills: { service_ids: serviceIds },
    };
    const headers = bearer(desk.session.accessToken);
    const {
      data,
      error: refused,
      response,
    } = member
      ? await api.PUT('/api/v1/staff/{staff_id}', {
          params: { path: { staff_id: member.id } },
          headers,
          body: fields,
        })
      : await api.POST('/api/v1/staff', { headers, body: { ...fields, outlet_id: props.outletId } });
    setBusy(false);
    if (!data) return setError(desk.refusal(response, detailOf(refused)));
    props.onSaved(`${fields.first_name} ${fields.last_name}`);
  };

  const field = (id: string, label: string, value: string, set: (value: string) => void, type = 'text') => (
    <div className="field">
      <label htmlFor={`${prefix}-${id}`}>{label}</label>
      <input
        id={`${prefix}-${id}`}
        type={type}
        required
        value={value}
        onChange={(event) => set(event.target.value)}
      />
    </div>
  );

  return (
    <form
      className="card form staff-form"
      aria-labelledby={`${prefix}-title`}
      onSubmit={(event) => void save(event)}
    >
      <h3 id={`${prefix}-title`}>{title}</h3>
      <Alert message={error} />
      {field('first-name', t.console.team.firstName, firstName, setFirstName)}
      {field('last-name', t.console.team.lastName, lastName, setLastName)}
      {field('email', t.console.team.email, email, setEmail, 'email')}
      {field('position', t.console.team.position, position, setPosition)}
      <div className="field">
        <label htmlFor={`${prefix}-employment`}>{t.console.team.employmentType}</label>
        <select
          id={`${prefix}-employment`}
          value={employment}
          onChange={(event) => setEmployment(event.target.value as EmploymentType)}
        >
          {EMPLOYMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t.console.team.employmentTypes[type]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="choices staff-services">
        <legend>{t.console.team.services}</legend>
        {props.services.length === 0 ? <p className="muted">{t.console.team.noServices}</p> : null}
        {props.services.map((service) => (
          <label key={service.id} className="chip">
            <input
              type="checkbox"
              checked={serviceIds.includes(service.id)}
              onChange={(event) => toggle(service.id, event.target.checked)}
            />
            {service.name}
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {member ? t.console.team.save : t.console.team.add}
        </button>
        {member ? (
          <button type="button" className="link" onClick={props.onCancel}>
            {t.console.team.cancelEdit}
          </button>
        ) : null}
      </div>
    </form>
  );
}
