import { useState, type ComponentProps, type FormEvent } from 'react';
import { api, bearer, detailOf } from '../api/client';
import type { components } from '../api/schema';
import { FormFooter } from '../shared/form-footer';
import { LANGUAGES, languageOf, useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { SelectField, TextAreaField, TextField, ZoneSelect } from './settings-fields';

export type Tenant = components['schemas']['Tenant'];
type TenantChanges = components['schemas']['UpdateTenantRequest'];

/** What the form edits, as the inputs hold it (text). */
function draftOf(tenant: Tenant) {
  return {
    name: tenant.name,
    email: tenant.email,
    phone: tenant.phone ?? '',
    website: tenant.website ?? '',
    description: tenant.description ?? '',
    language: tenant.settings.language,
    timezone: tenant.settings.timezone,
    currency: tenant.settings.currency,
    bookingDays: String(tenant.settings.booking_advance_days),
    cancellationHours: String(tenant.settings.cancellation_hours),
  };
}
type Draft = ReturnType<typeof draftOf>;
/** What a text field of the form passes to its input besides its value: `type`, `required`, `maxLength`… */
type InputExtras = Omit<ComponentProps<typeof TextField>, 'id' | 'label' | 'value' | 'onChange'>;

/** Only what differs from the tenant: PUT is partial, and settings merge into the saved ones. */
function changesOf(tenant: Tenant, draft: Draft): TenantChanges {
  const saved = draftOf(tenant);
  const changed = (key: keyof Draft) => draft[key] !== saved[key];
  const orNull = (text: string) => (text.trim() === '' ? null : text);
  const settings: NonNullable<TenantChanges['settings']> = {
    ...(changed('language') && { language: draft.language }),
    ...(changed('timezone') && { timezone: draft.timezone }),
    ...(changed('currency') && { currency: draft.currency.trim().toUpperCase() }),
    ...(changed('bookingDays') && { booking_advance_days: Number(draft.bookingDays) }),
    ...(changed('cancellationHours') && { cancellation_hours: Number(draft.cancellationHours) }),
  };
  return {
    ...(changed('name') && { name: draft.name }),
    ...(changed('email') && { email: draft.email }),
    ...(changed('phone') && { phone: draft.phone }),
    ...(changed('website') && { website: orNull(draft.website) }),
    ...(changed('description') && { description: orNull(draft.description) }),
    ...(Object.keys(settings).length > 0 && { settings }),
  };
}

/**
 * The business's details and booking rules (PUT /tenants/{id}, only the changed fields). The API validates: a
 * refusal shows its message and the form keeps what was typed. A new business language becomes the console's.
 */
export function BusinessForm(props: { desk: Desk; tenant: Tenant; onSaved(tenant: Tenant): void }) {
  const { desk, tenant } = props;
  const { t, setLanguage } = useI18n();
  const text = t.console.settings;
  const [draft, setDraft] = useState(() => draftOf(tenant));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const set = (key: keyof Draft) => (value: string) => setDraft({ ...draft, [key]: value });
  /** The text field of one draft value; its id is the key's, spelt business-booking-days for bookingDays. */
  const field = (key: keyof Draft, label: string, input: InputExtras = {}) => (
    <TextField
      id={`business-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`}
      label={label}
      value={draft[key]}
      onChange={set(key)}
      {...input}
    />
  );
  const languages = Object.keys(LANGUAGES).includes(draft.language)
    ? Object.keys(LANGUAGES)
    : [draft.language, ...Object.keys(LANGUAGES)];

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setNotice(undefined);
    const changes = changesOf(tenant, draft);
    if (Object.keys(changes).length === 0) return setNotice(text.nothingChanged);
    setBusy(true);
    const {
      data,
      error: refused,
      response,
    } = await api.PUT('/api/v1/tenants/{tenant_id}', {
      params: { path: { tenant_id: tenant.id } },
      headers: bearer(desk.session.accessToken),
      body: changes,
    });
    setBusy(false);
    if (!data) return setError(desk.refusal(response, detailOf(refused, text.fields)));
    setDraft(draftOf(data));
    props.onSaved(data);
    if (changes.name) desk.renamed(data.name);
    // The owner chose the business's language here: the console follows it, as their own pick would.
    if (changes.settings?.language) setLanguage(languageOf(data.settings.language));
    setNotice(text.saved);
  };

  return (
    <section className="card stack settings-business" aria-labelledby="business-heading">
      <h3 id="business-heading">{text.businessTitle}</h3>
      {/* The browser does not check the fields (noValidate): the API does, and its message shows here. */}
      <form className="form stack" noValidate onSubmit={(event) => void save(event)}>
        {field('name', text.name, { required: true })}
        {field('email', text.email, { type: 'email' })}
        {field('phone', text.phone, { type: 'tel' })}
        {field('website', text.website)}
        <TextAreaField
          id="business-description"
          label={text.description}
          rows={3}
          value={draft.description}
          onChange={set('description')}
        />
        <SelectField
          id="business-language"
          label={text.language}
          value={draft.language}
          options={languages.map((tag) => ({
            value: tag,
            text: LANGUAGES[tag as keyof typeof LANGUAGES] ?? tag,
          }))}
          onChange={set('language')}
        />
        <ZoneSelect
          id="business-zone"
          label={text.timezone}
          value={draft.timezone}
          onChange={set('timezone')}
        />
        {field('currency', text.currency, { maxLength: 3 })}
        {field('bookingDays', text.bookingDays, { type: 'number', inputMode: 'numeric' })}
        {field('cancellationHours', text.cancellationHours, { type: 'number', inputMode: 'numeric' })}
        {/* The form stays open after saving: its status line (always there, '' when quiet) says the outcome. */}
        <FormFooter busy={busy} save={text.save} error={error} notice={notice ?? ''} />
      </form>
    </section>
  );
}
