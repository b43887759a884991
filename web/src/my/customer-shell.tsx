import { useEffect, useState, type ReactNode } from 'react';
import { api, type Business } from '../api/client';
import { AccountForm } from '../book/account-form';
import { BusinessHeader } from '../book/business-header';
import { useI18n } from '../shared/i18n';
import { loadSession, saveSession, type CustomerSession } from '../shared/session';

export type Section = 'bookings' | 'packages' | 'payments' | 'forgot-password' | 'verify-email';

export interface Signed {
  slug: string;
  business: Business;
  session: CustomerSession;
  /** A 401 from the API: the token is gone, so the sign-in form comes back. */
  expired(): void;
  update(session: CustomerSession): void;
}

const SECTIONS = [
  ['bookings', 'navBookings'],
  ['packages', 'navPackages'],
  ['payments', 'navPayments'],
] as const;

/**
 * The frame of the customer's own pages: the business header, the account menu, and (for pages that need a
 * token) the sign-in form until the customer has signed in on this tab.
 */
export function CustomerShell(props: {
  slug: string;
  section: Section;
  onBusinessLanguage(tag: string): void;
  /** A page for the signed-in customer; the sign-in form shows until there is a session. */
  signed?(signed: Signed): ReactNode;
  /** A page anyone may open (the password reset). */
  open?(business: Business): ReactNode;
}) {
  const { slug, onBusinessLanguage } = props;
  const { t } = useI18n();
  const [business, setBusiness] = useState<Business | null>();
  const [session, setSession] = useState<CustomerSession | undefined>(() => loadSession(slug));

  useEffect(() => {
    void api.GET('/api/v1/public/tenants/{slug}', { params: { path: { slug } } }).then(({ data }) => {
      setBusiness(data ?? null);
      if (!data) return;
      onBusinessLanguage(data.language);
      document.title = data.name;
    });
  }, [slug]);

  const keep = (next: CustomerSession | undefined) => {
    saveSession(slug, next);
    setSession(next);
  };
  const base = `/book/${encodeURIComponent(slug)}`;

  if (business === null)
    return (
      <main className="page">
        <h1>{t.businessNotFound}</h1>
      </main>
    );
  if (business === undefined)
    return (
      <main className="page">
        <p role="status">{t.loading}</p>
      </main>
    );
  return (
    <>
      <BusinessHeader business={business} />
      <nav aria-label={t.accountNav} className="account-nav">
        <a href={base}>{t.navBook}</a>
        {SECTIONS.map(([section, label]) => (
          <a
            key={section}
            href={`${base}/my/${section}`}
            aria-current={props.section === section ? 'page' : undefined}
          >
            {t[label]}
          </a>
        ))}
        {session ? (
          <button type="button" className="link" onClick={() => keep(undefined)}>
            {t.signOut}
          </button>
        ) : null}
      </nav>
      <main className="page">
        {session && session.emailVerified === false && props.section !== 'verify-email' ? (
          <p className="notice">
            {t.verifyPrompt} <a href={`${base}/account/verify-email`}>{t.verifyLink}</a>
          </p>
        ) : null}
        {props.open ? (
          props.open(business)
        ) : session ? (
          props.signed?.({ slug, business, session, expired: () => keep(undefined), update: keep })
        ) : (
          <section aria-labelledby="sign-in-heading" className="card">
            <h2 id="sign-in-heading">{t.signIn}</h2>
            <p>{t.signInFirst}</p>
            <AccountForm slug={slug} onSession={keep} initialMode="login" />
          </section>
        )}
      </main>
    </>
  );
}

/** The error of a refused call for the page: signs out on 401, else the server's own words. */
export function refusal(
  signed: Signed,
  response: Response,
  detail: string | undefined,
  fallback: string,
): string {
  if (response.status === 401) signed.expired();
  return detail ?? fallback;
}
