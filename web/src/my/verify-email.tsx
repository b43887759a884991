import { useId, useState, type FormEvent } from 'react';
import { api, bearer, detailOf } from '../api/client';
import { Field } from '../book/account-form';
import { Alert } from '../shared/alert';
import { useI18n } from '../shared/i18n';
import { refusal, type Signed } from './customer-shell';

/** /book/{slug}/account/verify-email: the 6-digit code sent at registration, or a new one on request. */
export function VerifyEmail({ signed }: { signed: Signed }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const verified = signed.session.emailVerified === true;
  const id = useId();
  const headers = bearer(signed.session.accessToken);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setBusy(true);
    setError(undefined);
    const {
      data,
      error: refused,
      response,
    } = await api.POST('/api/v1/customer/auth/verify-email', {
      headers,
      body: { code },
    });
    setBusy(false);
    if (!data) return setError(refusal(signed, response, detailOf(refused), t.somethingWrong));
    signed.update({ ...signed.session, emailVerified: true });
  };
  const resend = async () => {
    setError(undefined);
    const {
      data,
      error: refused,
      response,
    } = await api.POST('/api/v1/customer/auth/verify-email/resend', {
      headers,
      body: {},
    });
    if (!data) return setError(refusal(signed, response, detailOf(refused), t.somethingWrong));
    setNotice(t.newCodeSent);
  };

  return (
    <section aria-labelledby="verify-heading" className="card">
      <h2 id="verify-heading">{t.verifyTitle}</h2>
      <div role="status" aria-live="polite">
        {verified ? <p className="success">{t.verified}</p> : notice ? <p>{notice}</p> : null}
      </div>
      {verified ? null : (
        <form className="form" onSubmit={(event) => void submit(event)}>
          <p>{t.verifyIntro}</p>
          <Field
            id={`${id}-code`}
            name="code"
            label={t.code}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="\d{6}"
            required
          />
          <Alert message={error} />
          <button type="submit" className="primary" disabled={busy}>
            {t.verify}
          </button>
          <button type="button" className="link" onClick={() => void resend()}>
            {t.resendCode}
          </button>
        </form>
      )}
    </section>
  );
}
