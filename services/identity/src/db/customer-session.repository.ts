import { sql } from 'drizzle-orm';
import { iso, selectRows, type Executor } from '@salon/service-kit';

export type InvalidationReason =
  'logout' | 'logout_all_devices' | 'password_changed' | 'security' | 'expired';

export interface CustomerSessionRecord {
  id: string;
  customer_id: string;
  tenant_id: string;
  status: 'active' | 'expired' | 'invalidated';
  refresh_jti: string;
  expires_at: string;
  /** True once expires_at has passed, whatever the stored status says. */
  past_expiry: boolean;
}

export async function insertSession(
  tx: Executor,
  session: { id: string; customer_id: string; tenant_id: string; refresh_jti: string; ttlSeconds: number },
): Promise<{ expires_at: string }> {
  const [row] = await selectRows<{ expires_at: string }>(
    tx,
    sql`INSERT INTO identity.customer_sessions (id, customer_id, tenant_id, refresh_jti, expires_at)
        VALUES (${session.id}, ${session.customer_id}, ${session.tenant_id}, ${session.refresh_jti},
          now() + make_interval(secs => ${session.ttlSeconds}))
        RETURNING expires_at`,
  );
  return { expires_at: iso(row!.expires_at) };
}

/** Locks the session, so two refreshes with the same token cannot both succeed. */
export async function lockSession(
  tx: Executor,
  sessionId: string,
): Promise<CustomerSessionRecord | undefined> {
  const [row] = await selectRows<CustomerSessionRecord>(
    tx,
    sql`SELECT id, customer_id, tenant_id, status, refresh_jti, expires_at, expires_at <= now() AS past_expiry
        FROM identity.customer_sessions WHERE id = ${sessionId} FOR UPDATE`,
  );
  return row && { ...row, expires_at: iso(row.expires_at) };
}

export async function rotateSessionRefresh(
  tx: Executor,
  sessionId: string,
  refreshJti: string,
): Promise<void> {
  await tx.execute(
    sql`UPDATE identity.customer_sessions
        SET refresh_jti = ${refreshJti}, last_activity = now(), updated_at = now()
        WHERE id = ${sessionId}`,
  );
}

export async function endSession(
  tx: Executor,
  sessionId: string,
  status: 'expired' | 'invalidated',
  reason: InvalidationReason,
): Promise<void> {
  await tx.execute(
    sql`UPDATE identity.customer_sessions
        SET status = ${status}, invalidation_reason = ${reason}, invalidated_at = now(), updated_at = now()
        WHERE id = ${sessionId}`,
  );
}

/** Invalidates every active session of the customer; answers their ids. */
export async function invalidateSessionsOf(
  tx: Executor,
  customerId: string,
  reason: InvalidationReason,
): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE identity.customer_sessions
        SET status = 'invalidated', invalidation_reason = ${reason}, invalidated_at = now(), updated_at = now()
        WHERE customer_id = ${customerId} AND status = 'active'
        RETURNING id`,
  );
  return rows.map((row) => row.id);
}

export type VerificationChannel = 'email' | 'phone';

/** Replaces the customer's current code of that channel. */
export async function upsertVerificationCode(
  tx: Executor,
  code: { customer_id: string; channel: VerificationChannel; code_hash: string; ttlSeconds: number },
): Promise<{ expires_at: string }> {
  const [row] = await selectRows<{ expires_at: string }>(
    tx,
    sql`INSERT INTO identity.customer_verification_codes (customer_id, channel, code_hash, expires_at)
        VALUES (${code.customer_id}, ${code.channel}, ${code.code_hash}, now() + make_interval(secs => ${code.ttlSeconds}))
        ON CONFLICT (customer_id, channel) DO UPDATE
          SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, attempts = 0, created_at = now()
        RETURNING expires_at`,
  );
  return { expires_at: iso(row!.expires_at) };
}

export async function lockVerificationCode(
  tx: Executor,
  customerId: string,
  channel: VerificationChannel,
): Promise<{ code_hash: string; attempts: number; expired: boolean } | undefined> {
  const [row] = await selectRows<{ code_hash: string; attempts: number; expired: boolean }>(
    tx,
    sql`SELECT code_hash, attempts, expires_at <= now() AS expired
        FROM identity.customer_verification_codes
        WHERE customer_id = ${customerId} AND channel = ${channel} FOR UPDATE`,
  );
  return row;
}

export async function countFailedAttempt(
  tx: Executor,
  customerId: string,
  channel: VerificationChannel,
): Promise<void> {
  await tx.execute(
    sql`UPDATE identity.customer_verification_codes SET attempts = attempts + 1
        WHERE customer_id = ${customerId} AND channel = ${channel}`,
  );
}

export async function deleteVerificationCode(
  tx: Executor,
  customerId: string,
  channel: VerificationChannel,
): Promise<void> {
  await tx.execute(
    sql`DELETE FROM identity.customer_verification_codes WHERE customer_id = ${customerId} AND channel = ${channel}`,
  );
}

/** Seconds since the channel's current code was issued, or undefined when there is none. */
export async function secondsSinceCodeIssued(
  tx: Executor,
  customerId: string,
  channel: VerificationChannel,
): Promise<number | undefined> {
  const [row] = await selectRows<{ seconds: number | string }>(
    tx,
    sql`SELECT extract(epoch FROM now() - created_at) AS seconds
        FROM identity.customer_verification_codes
        WHERE customer_id = ${customerId} AND channel = ${channel}`,
  );
  return row === undefined ? undefined : Number(row.seconds);
}
