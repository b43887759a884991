import type { MessagingStore } from '@salon/messaging';
import type { PlanLimitsReplica } from '@salon/plan-limits';
import type { Db, IdempotencyKeys, InternalClient, TokenVerifier } from '@salon/service-kit';
import type { AppointmentChanges } from './appointment-changes';
import type { GridReadCache } from './grid-read-cache';
import type { StaffQueue } from './staff-queue';

/** What the use cases need; built once in definition.ts. */
export interface SchedulingDeps {
  db: Db;
  store: MessagingStore;
  plans: PlanLimitsReplica;
  /** Replays the first answer to a booking retried with the same `Idempotency-Key`. */
  idempotency: IdempotencyKeys;
  verifier: TokenVerifier;
  /** The grid's reads this replica keeps, each checked against the database's changes before use. */
  gridReads: GridReadCache;
  /** Orders this process's bookings per staff member before they take a connection. */
  staffQueue: StaffQueue;
  /** Commerce's internal endpoints (is a deposit paid?); undefined when COMMERCE_URL is not set. */
  commerce?: InternalClient;
  /** The committed appointment changes, fanned out to this replica's live calendar streams. */
  appointmentChanges: AppointmentChanges;
}

export const PRODUCER = 'scheduling';
