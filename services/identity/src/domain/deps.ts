import type { MessagingStore } from '@salon/messaging';
import type { PaymentProvider } from '@salon/payment-provider';
import type { PlanLimitsReplica } from '@salon/plan-limits';
import type { Db, InternalClient, Logger, TokenSigner, TokenVerifier } from '@salon/service-kit';

/** What the use cases need; built once in definition.ts. */
export interface IdentityDeps {
  db: Db;
  store: MessagingStore;
  plans: PlanLimitsReplica;
  signer: TokenSigner;
  verifier: TokenVerifier;
  logger: Logger;
  /** scrypt cost (log2 N) of new password hashes: PASSWORD_HASH_COST_LOG2. */
  passwordCostLog2: number;
  /** The services account deletion asks before deleting; undefined when not configured (fails closed). */
  deletionChecks: { scheduling?: InternalClient; commerce?: InternalClient };
  /** Opens each new tenant's sub-account; undefined when not configured (local partner ids). */
  paymentProvider?: PaymentProvider;
}

export const PRODUCER = 'identity';
