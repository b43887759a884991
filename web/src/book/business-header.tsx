import type { Business } from '../api/client';
import { LanguageSwitch } from '../shared/language-switch';

/** The business's name and description, with the language menu. */
export function BusinessHeader({ business }: { business: Business }) {
  return (
    <header className="top">
      <div>
        <h1>{business.name}</h1>
        {business.description ? <p className="muted">{business.description}</p> : null}
      </div>
      <LanguageSwitch />
    </header>
  );
}
