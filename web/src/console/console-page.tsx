import { useEffect, useState, type ReactElement } from 'react';
import { api, bearer } from '../api/client';
import { Alert } from '../shared/alert';
import { useI18n, type Messages } from '../shared/i18n';
import { LanguageSwitch } from '../shared/language-switch';
import {
  loadConsoleSession,
  mayManagePackages,
  mayManagePlan,
  mayManageTeam,
  mayManageServices,
  mayManageSettings,
  mayReadCustomers,
  saveConsoleSession,
  type ConsoleSession,
  type Role,
} from './console-session';
import { ConsoleSignIn } from './console-sign-in';
import { CustomerDesk } from './customer-desk';
import { CustomersDesk, CUSTOMERS_PATH } from './customers-desk';
import { OutletCalendar } from './outlet-calendar';
import { OutletPicker, useConsoleOutlets } from './outlet-choice';
import { PackagesDesk } from './packages-desk';
import { PlanDesk } from './plan-desk';
import { TeamDesk, TEAM_PATH } from './team-desk';
import { ServicesDesk } from './services-desk';
import { SettingsDesk, SETTINGS_PATH } from './settings-desk';
import { PLAN_PATH } from './upgrade-return';

/** What every part of the signed-in console shares: the session, and how a refusal is told. */
export interface Desk {
  session: ConsoleSession;
  /** The message for a refused call; a 401 (token gone) signs out, so the sign-in form comes back. */
  refusal(response: Response, detail: string | undefined): string;
  /** The business got a new name (settings): the header and the kept session show it from now on. */
  renamed(name: string): void;
}

/**
 * /console: the salon's staff sign in (choosing the business when they belong to several), then see the day
 * or week calendar of an outlet and the customer panel. The token stays in this tab's sessionStorage.
 */
export function ConsolePage({ onBusinessLanguage }: { onBusinessLanguage(tag: string): void }) {
  const { t } = useI18n();
  const [session, setSession] = useState<ConsoleSession | undefined>(() => loadConsoleSession());

  const keep = (next: ConsoleSession | undefined) => {
    saveConsoleSession(next);
    setSession(next);
  };

  useEffect(() => {
    document.title = session ? `${t.consoleTitle} · ${session.tenant.name}` : t.consoleTitle;
  }, [session, t]);

  const desk: Desk | undefined = session && {
    session,
    refusal: (response, detail) => {
      if (response.status === 401) keep(undefined);
      return detail ?? t.somethingWrong;
    },
    renamed: (name) => keep({ ...session, tenant: { ...session.tenant, name } }),
  };

  return (
    <>
      <header className="top">
        <div>
          <h1>{t.consoleTitle}</h1>
          {session ? (
            <p className="muted console-user">
              {session.tenant.name} ·{' '}
              {t.console.user(session.name, t.console.roles[session.role] ?? session.role)}
            </p>
          ) : null}
        </div>
        <div className="top-actions">
          {session ? (
            <button type="button" className="secondary" onClick={() => keep(undefined)}>
              {t.signOut}
            </button>
          ) : null}
          <LanguageSwitch />
        </div>
      </header>
      <main className={desk ? 'console' : 'page'}>
        {desk ? (
          <SignedIn desk={desk} onBusinessLanguage={onBusinessLanguage} />
        ) : (
          <ConsoleSignIn onSignedIn={keep} />
        )}
      </main>
    </>
  );
}

/** One section of the console: its address, its name in the navigation, who is offered it, what it shows. */
interface ConsoleSection {
  path: string;
  label(t: Messages): string;
  offered(role: Role): boolean;
  Desk(props: { desk: Desk }): ReactElement;
}

/** The calendar first: it is the default, and what an address no other section claims shows. */
const SECTIONS: ConsoleSection[] = [
  { path: '/console', label: (t) => t.console.calendar, offered: () => true, Desk: ConsoleDesk },
  { path: TEAM_PATH, label: (t) => t.console.team.nav, offered: mayManageTeam, Desk: TeamDesk },
  {
    path: '/console/services',
    label: (t) => t.console.services.nav,
    offered: mayManageServices,
    Desk: ServicesDesk,
  },
  {
    path: CUSTOMERS_PATH,
    label: (t) => t.console.customersPage.nav,
    offered: mayReadCustomers,
    Desk: CustomersDesk,
  },
  {
    path: '/console/packages',
    label: (t) => t.console.packages.nav,
    offered: mayManagePackages,
    Desk: PackagesDesk,
  },
  { path: PLAN_PATH, label: (t) => t.console.plan.nav, offered: mayManagePlan, Desk: PlanDesk },
  {
    path: SETTINGS_PATH,
    label: (t) => t.console.settings.nav,
    offered: mayManageSettings,
    Desk: SettingsDesk,
  },
];

/** The section the address names among those offered (the longest matching path), else the calendar. */
function sectionAt(pathname: string, offered: ConsoleSection[]): ConsoleSection {
  const matching = offered.filter(
    (section) => pathname === section.path || pathname.startsWith(`${section.path}/`),
  );
  return matching.sort((a, b) => b.path.length - a.path.length)[0] ?? offered[0]!;
}

/**
 * The signed-in console: the sections the role is offered (links, so the address says where one is and the
 * hosted payment page can come back to the plan), and the tenant's language until the user picks one.
 */
function SignedIn({ desk, onBusinessLanguage }: { desk: Desk; onBusinessLanguage(tag: string): void }) {
  const { t } = useI18n();
  const offered = SECTIONS.filter((section) => section.offered(desk.session.role));
  const current = sectionAt(window.location.pathname, offered);

  useEffect(() => {
    // RECEPTIONIST may not read the tenant: nothing changes.
    void api
      .GET('/api/v1/tenants/{tenant_id}', {
        params: { path: { tenant_id: desk.session.tenant.id } },
        headers: bearer(desk.session.accessToken),
      })
      .then(({ data }) => data && onBusinessLanguage(data.settings.language));
  }, [desk.session.accessToken]);

  return (
    <>
      {offered.length > 1 ? (
        <nav aria-label={t.console.sections} className="console-nav">
          {offered.map((section) => (
            <a key={section.path} href={section.path} aria-current={section === current ? 'page' : undefined}>
              {section.label(t)}
            </a>
          ))}
        </nav>
      ) : null}
      <current.Desk desk={desk} />
    </>
  );
}

/** The calendar desk: the outlets the token may see, the calendar of the chosen one, the customer panel. */
function ConsoleDesk({ desk }: { desk: Desk }) {
  const { t } = useI18n();
  const { outlets, outlet, choose, error } = useConsoleOutlets(desk);

  if (!outlets)
    return (
      <>
        <Alert message={error} />
        <p role="status">{t.loading}</p>
      </>
    );
  if (!outlet) return <p className="notice">{t.console.noOutlets}</p>;
  return (
    <>
      <OutletPicker outlets={outlets} outlet={outlet} choose={choose} />
      <OutletCalendar key={outlet.id} desk={desk} outlet={outlet} />
      <CustomerDesk desk={desk} outletId={outlet.id} />
    </>
  );
}
