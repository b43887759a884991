import type { MessagingStore } from '@salon/messaging';
import type { PlanLimitsReplica } from '@salon/plan-limits';
import type { Db, TokenVerifier } from '@salon/service-kit';

/** What the use cases need; built once in definition.ts. */
export interface SchedulingDeps {
  db: Db;
  store: MessagingStore;
  plans: PlanLimitsReplica;
  verifier: TokenVerifier;
}

export const PRODUCER = 'scheduling';
