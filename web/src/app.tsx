import { useEffect, useState } from 'react';
import { BookingPage } from './book/booking-page';
import { BookingStatusPage } from './book/booking-status-page';
import { ConsolePage } from './console/console-page';
import { I18nProvider, languageOf, MESSAGES, type Language } from './shared/i18n';
import { chooseLanguage, chosenLanguage } from './shared/session';

type Screen =
  | { kind: 'book'; slug: string }
  | { kind: 'booking'; slug: string; appointmentId: string }
  | { kind: 'console' }
  | { kind: 'not-found' };

/** /book/{slug}, /book/{slug}/appointments/{id} (the return from the payment page), /console/…. */
export function screenOf(path: string): Screen {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'console') return { kind: 'console' };
  if (parts[0] === 'book' && parts.length === 2) return { kind: 'book', slug: parts[1]! };
  if (parts[0] === 'book' && parts.length === 4 && parts[2] === 'appointments')
    return { kind: 'booking', slug: parts[1]!, appointmentId: parts[3]! };
  return { kind: 'not-found' };
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
    case 'console':
      page = <ConsolePage />;
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
