import type { MessagingStore } from '@salon/messaging';
import type { PlanLimitsReplica } from '@salon/plan-limits';
import type { Db, TokenVerifier } from '@salon/service-kit';
import type { StaffQueue } from './staff-queue';

/** What the use cases need; built once in definition.ts. */
export interface SchedulingDeps {
  db: Db;
  store: MessagingStore;
  plans: PlanLimitsReplica;
  verifier: TokenVerifier;
  /** Orders this process's bookings per staff member before they take a connection. */
  staffQueue: StaffQueue;
}

export const PRODUCER = 'scheduling';
