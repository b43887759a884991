import type { MessagingStore } from '@salon/messaging';
import type { Db, InternalClient, TokenVerifier } from '@salon/service-kit';
import type { BillingConfig } from '../config';

/** The time source; tests pass a fixed clock so periods, proration and UTC days are exact. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What the use cases need; built once in definition.ts. */
export interface BillingDeps {
  db: Db;
  store: MessagingStore;
  verifier: TokenVerifier;
  config: BillingConfig;
  clock: Clock;
  /** Undefined when COMMERCE_URL is not set: invoices cannot be made (503). */
  commerce: InternalClient | undefined;
}

export const PRODUCER = 'billing';
