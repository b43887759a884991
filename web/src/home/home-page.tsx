import { useEffect, useState, type FormEvent } from 'react';
import { useI18n } from '../shared/i18n';
import { LanguageSwitch } from '../shared/language-switch';

/** The business `npm run seed` makes: the home page offers its booking page first. */
const DEMO_SLUG = 'demo-salon';

/**
 * `/`: where a person who opened the platform's address goes next: the salon's console (staff), or a
 * business's booking page (customers) by its address, the demo salon's by default.
 */
export function HomePage() {
  const { t } = useI18n();
  const [slug, setSlug] = useState(DEMO_SLUG);

  useEffect(() => {
    document.title = t.home.title;
  }, [t]);

  const openBookingPage = (event: FormEvent) => {
    event.preventDefault();
    const chosen = slug.trim().toLowerCase();
    if (chosen) window.location.assign(`/book/${encodeURIComponent(chosen)}`);
  };

  return (
    <>
      <header className="top">
        <div>
          <h1>{t.home.title}</h1>
          <p className="muted">{t.home.intro}</p>
        </div>
        <div className="top-actions">
          <LanguageSwitch />
        </div>
      </header>
      <main className="page home">
        <section className="card" aria-labelledby="home-console">
          <h2 id="home-console">{t.home.consoleHeading}</h2>
          <p>{t.home.consoleText}</p>
          <a className="button primary" href="/console">
            {t.home.openConsole}
          </a>
        </section>
        <section className="card" aria-labelledby="home-booking">
          <h2 id="home-booking">{t.home.bookingHeading}</h2>
          <form className="form" onSubmit={openBookingPage}>
            <div className="field">
              <label htmlFor="home-slug">{t.home.slugLabel}</label>
              <input
                id="home-slug"
                required
                value={slug}
                onChange={(event) => setSlug(event.target.value)}
                aria-describedby="home-slug-hint"
              />
              <p id="home-slug-hint" className="muted">
                {t.home.slugHint(DEMO_SLUG)}
              </p>
            </div>
            <button type="submit" className="primary">
              {t.home.openBookingPage}
            </button>
          </form>
        </section>
      </main>
    </>
  );
}
