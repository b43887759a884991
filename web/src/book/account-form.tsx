import { useId, useState, type FormEvent } from 'react';
import { api, detailOf } from '../api/client';
import { Alert } from '../shared/alert';
import { useI18n } from '../shared/i18n';
import type { CustomerSession } from '../shared/session';

/** Register (then signed in at once) or sign in, for this business; the token is asked for only here. */
export function AccountForm(props: {
  slug: string;
  onSession(session: CustomerSession): void;
  initialMode?: 'register' | 'login';
}) {
  const { t } = useI18n();
  const [mode, setMode] = useState<'register' | 'login'>(props.initialMode ?? 'register');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = useId();

  const signIn = async (email: string, password: string) => {
    const { data, error: refused } = await api.POST('/api/v1/customer/auth/login', {
      body: { email, password, tenant_slug: props.slug },
    });
    if (!data) throw new Error(detailOf(refused) ?? t.somethingWrong);
    props.onSession({
      accessToken: data.access_token,
      firstName: data.customer.first_name,
      emailVerified: data.customer.email_verified,
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError(undefined);
    try {
      if (mode === 'register') {
        const phone = field('phone');
        const { data, error: refused } = await api.POST('/api/v1/customer/auth/register', {
          body: {
            first_name: field('first_name'),
            last_name: field('last_name'),
            email: field('email'),
            ...(phone ? { phone } : {}),
            password: String(form.get('password') ?? ''),
            tenant_slug: props.slug,
          },
        });
        if (!data) throw new Error(detailOf(refused) ?? t.somethingWrong);
      }
      await signIn(field('email'), String(form.get('password') ?? ''));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t.somethingWrong);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <fieldset className="choices tabs">
        <legend className="visually-hidden">{t.stepAccount}</legend>
        <label className="chip">
          <input
            type="radio"
            name="mode"
            checked={mode === 'register'}
            onChange={() => setMode('register')}
          />
          <span>{t.newCustomer}</span>
        </label>
        <label className="chip">
          <input type="radio" name="mode" checked={mode === 'login'} onChange={() => setMode('login')} />
          <span>{t.haveAccount}</span>
        </label>
      </fieldset>
      <form onSubmit={submit} className="form" noValidate={false}>
        {mode === 'register' ? (
          <>
            <Field
              id={`${id}-first`}
              name="first_name"
              label={t.firstName}
              autoComplete="given-name"
              required
            />
            <Field
              id={`${id}-last`}
              name="last_name"
              label={t.lastName}
              autoComplete="family-name"
              required
            />
          </>
        ) : null}
        <Field id={`${id}-email`} name="email" label={t.email} type="email" autoComplete="email" required />
        {mode === 'register' ? (
          <Field id={`${id}-phone`} name="phone" label={t.phoneOptional} type="tel" autoComplete="tel" />
        ) : null}
        <Field
          id={`${id}-password`}
          name="password"
          label={t.password}
          type="password"
          autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
          hint={mode === 'register' ? t.passwordHint : undefined}
          minLength={mode === 'register' ? 8 : undefined}
          required
        />
        <Alert message={error} />
        <button type="submit" className="primary" disabled={busy}>
          {mode === 'register' ? t.createAccount : t.signIn}
        </button>
        {mode === 'login' ? (
          <a href={`/book/${encodeURIComponent(props.slug)}/account/forgot-password`}>{t.forgotPassword}</a>
        ) : null}
      </form>
    </>
  );
}

export function Field(props: {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  minLength?: number | undefined;
  hint?: string | undefined;
  inputMode?: 'numeric' | undefined;
  pattern?: string | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        required={props.required}
        minLength={props.minLength}
        inputMode={props.inputMode}
        pattern={props.pattern}
        aria-describedby={props.hint ? `${props.id}-hint` : undefined}
      />
      {props.hint ? (
        <p id={`${props.id}-hint`} className="hint">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}
