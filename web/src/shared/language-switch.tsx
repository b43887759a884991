import { LANGUAGES, useI18n, type Language } from './i18n';

/** The language menu in the page header: the business's language until the visitor picks another. */
export function LanguageSwitch() {
  const { language, setLanguage, t } = useI18n();
  return (
    <label className="language">
      <span>{t.language}</span>
      <select value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
        {Object.entries(LANGUAGES).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
