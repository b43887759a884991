import { LanguageSwitch } from '../shared/language-switch';
import { useI18n } from '../shared/i18n';

/** /console is reserved for the staff console (a later slice); until then it says so and links the API. */
export function ConsolePage() {
  const { t } = useI18n();
  return (
    <>
      <header className="top">
        <LanguageSwitch />
      </header>
      <main className="page">
        <h1>{t.consoleTitle}</h1>
        <p>{t.consoleNotYet}</p>
        <p>
          <a href="/api/v1/docs">{t.apiReference}</a>
        </p>
      </main>
    </>
  );
}
