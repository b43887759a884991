import { sql } from 'drizzle-orm';
import { iso, selectRows, type Executor } from '@salon/service-kit';

export type AccountType = 'staff' | 'customer';
export interface AccountRef {
  type: AccountType;
  id: string;
}

/**
 * Counts a reset request of the account and answers how many it made in the last hour, this one included
 * (under a lock of the account's row, so concurrent requests count one by one); older rows are pruned.
 */
export async function countResetRequest(tx: Executor, account: AccountRef): Promise<number> {
  await tx.execute(
    sql`DELETE FROM identity.password_reset_requests
        WHERE account_type = ${account.type} AND account_id = ${account.id} AND requested_at < now() - interval '1 day'`,
  );
  await tx.execute(
    sql`INSERT INTO identity.password_reset_requests (account_type, account_id) VALUES (${account.type}, ${account.id})`,
  );
  const [row] = await selectRows<{ count: number }>(
    tx,
    sql`SELECT count(*)::int AS count FROM identity.password_reset_requests
        WHERE account_type = ${account.type} AND account_id = ${account.id} AND requested_at > now() - interval '1 hour'`,
  );
  return row!.count;
}

/** Replaces the account's current reset code. */
export async function upsertResetCode(
  tx: Executor,
  account: AccountRef,
  code: { code_hash: string; ttlSeconds: number },
): Promise<{ expires_at: string }> {
  const [row] = await selectRows<{ expires_at: string }>(
    tx,
    sql`INSERT INTO identity.password_reset_codes (account_type, account_id, code_hash, expires_at)
        VALUES (${account.type}, ${account.id}, ${code.code_hash}, now() + make_interval(secs => ${code.ttlSeconds}))
        ON CONFLICT (account_type, account_id) DO UPDATE
          SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, attempts = 0, created_at = now()
        RETURNING expires_at`,
  );
  return { expires_at: iso(row!.expires_at) };
}

export async function lockResetCode(
  tx: Executor,
  account: AccountRef,
): Promise<{ code_hash: string; attempts: number; expired: boolean } | undefined> {
  const [row] = await selectRows<{ code_hash: string; attempts: number; expired: boolean }>(
    tx,
    sql`SELECT code_hash, attempts, expires_at <= now() AS expired FROM identity.password_reset_codes
        WHERE account_type = ${account.type} AND account_id = ${account.id} FOR UPDATE`,
  );
  return row;
}

export async function countFailedResetAttempt(tx: Executor, account: AccountRef): Promise<void> {
  await tx.execute(
    sql`UPDATE identity.password_reset_codes SET attempts = attempts + 1
        WHERE account_type = ${account.type} AND account_id = ${account.id}`,
  );
}

export async function deleteResetCode(tx: Executor, account: AccountRef): Promise<void> {
  await tx.execute(
    sql`DELETE FROM identity.password_reset_codes
        WHERE account_type = ${account.type} AND account_id = ${account.id}`,
  );
}
