import type { ApiClient } from './api-client';
import type { OutletKey } from './demo-salon';

/** What the steps share: the API, the owner's token and the identifiers found or created so far. */
export interface SeedContext {
  api: ApiClient;
  /** The SMTP sandbox's message list, where verification codes arrive; `reachable` once checked. */
  smtp: { messagesUrl: string; reachable?: boolean };
  /** Things the seed skipped or could not do, printed at the end. */
  notes: string[];
  ownerToken: string;
  tenant: { id: string; slug: string; timezone: string };
  plan: string;
  outlets: Map<OutletKey, string>;
  /** Service ids by slug. */
  services: Map<string, string>;
  /** Staff member ids by e-mail. */
  staff: Map<string, string>;
  /** The outlet manager's token, once the manager account exists. */
  managerToken?: string;
  /** Package ids by name. */
  packages: Map<string, string>;
  /** Customer ids and tokens by e-mail (tokens only for customers who can log in). */
  customers: Map<string, { id: string; token?: string }>;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** A date `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today's date in the tenant's timezone: appointment and availability dates are local to it. */
export function todayIn(timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
}

/** 0 = Monday … 6 = Sunday, the spec's recurrence_days numbering. */
export function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}
