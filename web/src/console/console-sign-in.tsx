import { useState, type FormEvent } from 'react';
import { api, detailOf, type SignedInStaff, type StaffLogin } from '../api/client';
import { Alert } from '../shared/alert';
import { useI18n } from '../shared/i18n';
import { sessionOf, type ConsoleSession } from './console-session';

type Choice = Extract<StaffLogin, { requires_organization_selection: true }>;

/**
 * Staff sign-in: e-mail and password (POST /auth/login); a user of several businesses then picks one
 * (POST /auth/complete-login with the login token).
 */
export function ConsoleSignIn({ onSignedIn }: { onSignedIn(session: ConsoleSession): void }) {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [choice, setChoice] = useState<Choice>();
  const [tenantId, setTenantId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const signedIn = (answer: SignedInStaff) => {
    const session = sessionOf(answer);
    if (session) onSignedIn(session);
    else setError(t.somethingWrong);
  };

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const { data, error: refused } = await api.POST('/api/v1/auth/login', { body: { email, password } });
    setBusy(false);
    if (!data) return setError(detailOf(refused) ?? t.somethingWrong);
    if ('requires_organization_selection' in data) {
      setChoice(data);
      setTenantId(data.organizations[0]?.tenant_id);
      return;
    }
    signedIn(data);
  };

  const complete = async (event: FormEvent) => {
    event.preventDefault();
    if (!choice || !tenantId) return;
    setBusy(true);
    setError(undefined);
    const { data, error: refused } = await api.POST('/api/v1/auth/complete-login', {
      body: { login_token: choice.login_token, tenant_id: tenantId },
    });
    setBusy(false);
    if (!data) return setError(detailOf(refused) ?? t.somethingWrong);
    signedIn(data);
  };

  if (choice)
    return (
      <form className="card form" aria-labelledby="choose-heading" onSubmit={(event) => void complete(event)}>
        <fieldset>
          <legend id="choose-heading">{t.console.chooseBusiness}</legend>
          <div className="choices">
            {choice.organizations.map((organization) => (
              <label key={organization.tenant_id} className="choice">
                <input
                  type="radio"
                  name="organization"
                  value={organization.tenant_id}
                  checked={tenantId === organization.tenant_id}
                  onChange={() => setTenantId(organization.tenant_id)}
                />
                <span className="choice-body">
                  <span className="choice-title">{organization.name}</span>
                  <span className="muted">{t.console.roles[organization.role] ?? organization.role}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <Alert message={error} />
        <button type="submit" className="primary" disabled={busy || !tenantId}>
          {t.console.continue}
        </button>
      </form>
    );

  return (
    <form className="card form" aria-labelledby="sign-in-heading" onSubmit={(event) => void signIn(event)}>
      <h2 id="sign-in-heading">{t.console.signInTitle}</h2>
      <div className="field">
        <label htmlFor="console-email">{t.email}</label>
        <input
          id="console-email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="console-password">{t.password}</label>
        <input
          id="console-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <Alert message={error} />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t.loading : t.signIn}
      </button>
    </form>
  );
}
