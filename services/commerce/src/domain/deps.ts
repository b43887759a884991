import type { MessagingStore } from '@salon/messaging';
import type { PaymentProvider } from '@salon/payment-provider';
import type { PlanLimitsReplica } from '@salon/plan-limits';
import type { Db, IdempotencyKeys, InternalClient, Logger, TokenVerifier } from '@salon/service-kit';
import type { CommerceConfig } from '../config';

/** What the use cases need; built once in definition.ts. */
export interface CommerceDeps {
  db: Db;
  store: MessagingStore;
  plans: PlanLimitsReplica;
  /** Replays the first answer to a sale or payment retried with the same `Idempotency-Key`. */
  idempotency: IdempotencyKeys;
  verifier: TokenVerifier;
  provider: PaymentProvider;
  config: CommerceConfig;
  logger: Logger;
  /** Scheduling's internal API, for an appointment this service's copy has not heard of yet (unset: none). */
  scheduling?: InternalClient;
  /** Wakes the processor that applies stored provider callbacks. */
  callbacks: { kick(): void };
}

export const PRODUCER = 'commerce';
