import { useId, useState, type FormEvent } from 'react';
import { api, detailOf } from '../api/client';
import { Field } from '../book/account-form';
import { Alert } from '../shared/alert';
import { useI18n } from '../shared/i18n';

/**
 * /book/{slug}/account/forgot-password: the e-mail address, then the code that was sent with a new password.
 * The server answers the first step alike whether or not the address has an account.
 */
export function ForgotPassword({ slug }: { slug: string }) {
  const { t } = useI18n();
  const [email, setEmail] = useState<string>();
  const [step, setStep] = useState<'email' | 'code' | 'done'>('email');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const id = useId();

  const run = async (event: FormEvent<HTMLFormElement>, call: (form: FormData) => Promise<void>) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await call(new FormData(event.currentTarget));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t.somethingWrong);
    } finally {
      setBusy(false);
    }
  };
  const askCode = async (form: FormData) => {
    const address = String(form.get('email') ?? '').trim();
    const { data, error: refused } = await api.POST('/api/v1/customer/auth/password/forgot', {
      body: { tenant_slug: slug, email: address },
    });
    if (!data) throw new Error(detailOf(refused) ?? t.somethingWrong);
    setEmail(address);
    setStep('code');
  };
  const reset = async (form: FormData) => {
    const { data, error: refused } = await api.POST('/api/v1/customer/auth/password/reset', {
      body: {
        tenant_slug: slug,
        email: email!,
        code: String(form.get('code') ?? '').trim(),
        new_password: String(form.get('new_password') ?? ''),
      },
    });
    if (!data) throw new Error(detailOf(refused) ?? t.somethingWrong);
    setStep('done');
  };

  return (
    <section aria-labelledby="forgot-heading" className="card">
      <h2 id="forgot-heading">{t.forgotTitle}</h2>
      <div role="status" aria-live="polite">
        {step === 'code' ? <p>{t.codeSent}</p> : null}
        {step === 'done' ? <p className="success">{t.passwordReset}</p> : null}
      </div>
      {step === 'email' ? (
        <form className="form" onSubmit={(event) => void run(event, askCode)}>
          <p>{t.forgotIntro}</p>
          <Field id={`${id}-email`} name="email" label={t.email} type="email" autoComplete="email" required />
          <Alert message={error} />
          <button type="submit" className="primary" disabled={busy}>
            {t.sendCode}
          </button>
        </form>
      ) : null}
      {step === 'code' ? (
        <form className="form" onSubmit={(event) => void run(event, reset)}>
          <Field
            id={`${id}-code`}
            name="code"
            label={t.code}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="\d{6}"
            required
          />
          <Field
            id={`${id}-password`}
            name="new_password"
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            hint={t.passwordHint}
            minLength={8}
            required
          />
          <Alert message={error} />
          <button type="submit" className="primary" disabled={busy}>
            {t.setPassword}
          </button>
        </form>
      ) : null}
      {step === 'done' ? (
        <p>
          <a href={`/book/${encodeURIComponent(slug)}/my/bookings`}>{t.signIn}</a>
        </p>
      ) : null}
    </section>
  );
}
