/**
 * The customer's tokens for one business, kept in sessionStorage: they must survive the round trip to the
 * provider's hosted payment page, and go when the tab closes. Nothing is stored before the customer signs in.
 */
export interface CustomerSession {
  accessToken: string;
  firstName: string;
  /** As the sign-in answered; the verification screen sets it once the code is accepted. */
  emailVerified?: boolean;
}

const key = (slug: string) => `salon.customer.${slug}`;

export function loadSession(slug: string): CustomerSession | undefined {
  const stored = sessionStorage.getItem(key(slug));
  if (!stored) return undefined;
  try {
    return JSON.parse(stored) as CustomerSession;
  } catch {
    return undefined;
  }
}

export function saveSession(slug: string, session: CustomerSession | undefined): void {
  if (session) sessionStorage.setItem(key(slug), JSON.stringify(session));
  else sessionStorage.removeItem(key(slug));
}

/** The language the visitor picked on this device, over the business's own. */
export const chosenLanguage = () => localStorage.getItem('salon.language') ?? undefined;
export const chooseLanguage = (language: string) => localStorage.setItem('salon.language', language);
