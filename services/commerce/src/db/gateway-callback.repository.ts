import { sql } from 'drizzle-orm';
import { newId, selectRows, type Executor } from '@salon/service-kit';

export type CallbackStatus = 'PAID' | 'EXPIRED';
export type CallbackOutcome = 'processed' | 'duplicate' | 'ignored';

/** A stored provider callback as a processor claims it. */
export interface StoredCallback {
  id: string;
  tenant_id: string;
  gateway_invoice_id: string;
  status: CallbackStatus;
  payload: unknown;
  /** Including the claim that returned the row. */
  attempts: number;
}

/**
 * Stores a callback once per (provider invoice, status); false when that pair was stored before (a repeated
 * delivery, concurrent or later). One statement: committed on its own.
 */
export async function storeCallback(
  executor: Executor,
  callback: { tenant_id: string; gateway_invoice_id: string; status: CallbackStatus; payload: unknown },
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    executor,
    sql`INSERT INTO commerce.gateway_callbacks (id, tenant_id, gateway_invoice_id, status, payload)
        VALUES (${newId()}, ${callback.tenant_id}, ${callback.gateway_invoice_id}, ${callback.status},
          ${JSON.stringify(callback.payload)}::jsonb)
        ON CONFLICT (gateway_invoice_id, status) DO NOTHING RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * Claims up to `limit` due callbacks: counts the attempt and leases them for `leaseMs` (no other processor
 * claims them meanwhile; a crashed one's lease runs out and the sweep takes them again). SKIP LOCKED lets
 * replicas claim side by side without waiting on each other. One statement: committed on its own.
 */
export async function claimDueCallbacks(
  executor: Executor,
  limit: number,
  leaseMs: number,
): Promise<StoredCallback[]> {
  return selectRows<StoredCallback>(
    executor,
    sql`UPDATE commerce.gateway_callbacks
        SET attempts = attempts + 1, next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
        WHERE id IN (
          SELECT id FROM commerce.gateway_callbacks
          WHERE outcome IS NULL AND next_attempt_at <= now()
          ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, tenant_id, gateway_invoice_id, status, payload, attempts`,
  );
}

/**
 * Locks a claimed callback for its apply transaction; false when it has an outcome already (another processor
 * applied it after this one's lease ran out). The lock is what makes a callback's effects happen once.
 */
export async function lockUnfinishedCallback(tx: Executor, id: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`SELECT id FROM commerce.gateway_callbacks WHERE id = ${id} AND outcome IS NULL FOR UPDATE`,
  );
  return rows.length > 0;
}

/** The callback's outcome; last_error stays as the history of the attempts that failed before. */
export async function finishCallback(tx: Executor, id: string, outcome: CallbackOutcome): Promise<void> {
  await tx.execute(
    sql`UPDATE commerce.gateway_callbacks SET outcome = ${outcome}, processed_at = now()
        WHERE id = ${id}`,
  );
}

/**
 * Records a failed attempt: retried after `retryInMs`, or, with `giveUp`, left failed for good. Only while the
 * callback is unfinished, so a late failure report cannot overwrite another processor's outcome.
 */
export async function recordCallbackFailure(
  executor: Executor,
  id: string,
  failure: { error: string; retryInMs: number; giveUp: boolean },
): Promise<void> {
  await executor.execute(
    sql`UPDATE commerce.gateway_callbacks
        SET last_error = ${failure.error},
            outcome = ${failure.giveUp ? 'failed' : null},
            next_attempt_at = now() + ${failure.retryInMs} * interval '1 millisecond'
        WHERE id = ${id} AND outcome IS NULL`,
  );
}
