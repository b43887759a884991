import { useEffect, useState } from 'react';
import { BookingPage } from './book/booking-page';
import { BookingStatusPage } from './book/booking-status-page';
import { ConsolePage } from './console/console-page';
import { HomePage } from './home/home-page';
import { CustomerShell, type Section } from './my/customer-shell';
import { ForgotPassword } from './my/forgot-password';
import { MyBookings } from './my/my-bookings';
import { MyPackages } from './my/my-packages';
import { MyPayments } from './my/my-payments';
import { VerifyEmail } from './my/verify-email';
import { I18nProvider, languageOf, MESSAGES, type Language } from './shared/i18n';
import { chooseLanguage, chosenLanguage } from './shared/session';

type Screen =
  | { kind: 'book'; slug: string }
  | { kind: 'booking'; slug: string; appointmentId: string }
  | { kind: 'customer'; slug: string; section: Section }
  | { kind: 'home' }
  | { kind: 'console' }
  | { kind: 'not-found' };

const CUSTOMER_PAGES: Record<string, Section> = {
  'my/bookings': 'bookings',
  'my/packages': 'packages',
  'my/payments': 'payments',
  'account/forgot-password': 'forgot-password',
  'account/verify-email': 'verify-email',
};

/**
 * / (the home page), /book/{slug}, /book/{slug}/appointments/{id} (the return from the payment page), the
 * customer's own pages (/book/{slug}/my/…, /book/{slug}/account/…), /console/….
 */
export function screenOf(path: string): Screen {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { kind: 'home' };
  if (parts[0] === 'console') return { kind: 'console' };
  if (parts[0] === 'book' && parts.length === 2) return { kind: 'book', slug: parts[1]! };
  if (parts[0] === 'book' && parts.length === 4 && parts[2] === 'appointments')
    return { kind: 'booking', slug: parts[1]!, appointmentId: parts[3]! };
  const section =
    parts[0] === 'book' && parts.length === 4 ? CUSTOMER_PAGES[`${parts[2]}/${parts[3]}`] : undefined;
  if (section) return { kind: 'customer', slug: parts[1]!, section };
  return { kind: 'not-found' };
}

/** The page of one section of the customer's own pages, inside their shared frame. */
function CustomerPage(props: { slug: string; section: Section; onBusinessLanguage(tag: string): void }) {
  const { slug, section } = props;
  const shell = { slug, section, onBusinessLanguage: props.onBusinessLanguage };
  if (section === 'forgot-password')
    return <CustomerShell {...shell} open={() => <ForgotPassword slug={slug} />} />;
  const Page = {
    bookings: MyBookings,
    packages: MyPackages,
    payments: MyPayments,
    'verify-email': VerifyEmail,
  }[section];
  return <CustomerShell {...shell} signed={(signed) => <Page signed={signed} />} />;
}

export function App({ path }: { path: string }) {
  const screen = screenOf(path);
  const picked = chosenLanguage();
  const [language, setLanguage] = useState<Language>(picked ? languageOf(picked) : 'en');
  const [picking, setPicking] = useState(picked !== undefined);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const pick = (next: Language) => {
    chooseLanguage(next);
    setPicking(true);
    setLanguage(next);
  };
  /** The business's language applies until the visitor picks one. */
  const businessLanguage = (tag: string) => {
    if (!picking) setLanguage(languageOf(tag));
  };

  let page;
  switch (screen.kind) {
    case 'book':
      page = <BookingPage slug={screen.slug} onBusinessLanguage={businessLanguage} />;
      break;
    case 'booking':
      page = (
        <BookingStatusPage
          slug={screen.slug}
          appointmentId={screen.appointmentId}
          onBusinessLanguage={businessLanguage}
        />
      );
      break;
    case 'customer':
      page = (
        <CustomerPage slug={screen.slug} section={screen.section} onBusinessLanguage={businessLanguage} />
      );
      break;
    case 'home':
      page = <HomePage />;
      break;
    case 'console':
      page = <ConsolePage onBusinessLanguage={businessLanguage} />;
      break;
    default:
      page = (
        <main className="page">
          <h1>{MESSAGES[language].notFound}</h1>
        </main>
      );
  }
  return (
    <I18nProvider language={language} setLanguage={pick}>
      {page}
    </I18nProvider>
  );
}
