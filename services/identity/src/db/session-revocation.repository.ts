import { sql } from 'drizzle-orm';
import { idArray, iso, selectRows, type Executor } from '@salon/service-kit';

/**
 * Records ended sessions until `ttlSeconds` from now (when every access token they issued has expired), and
 * prunes the rows whose time has long passed.
 */
export async function recordRevokedSessions(
  tx: Executor,
  sessionIds: readonly string[],
  ttlSeconds: number,
): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx.execute(
    sql`INSERT INTO identity.revoked_sessions (session_id, until)
        SELECT id, now() + make_interval(secs => ${ttlSeconds}) FROM unnest(${idArray(sessionIds)}) AS id
        ON CONFLICT (session_id) DO UPDATE SET until = greatest(revoked_sessions.until, EXCLUDED.until)`,
  );
  await tx.execute(sql`DELETE FROM identity.revoked_sessions WHERE until < now() - interval '1 day'`);
}

export interface RevokedSession {
  session_id: string;
  until: string;
}

/**
 * The ended sessions whose tokens may still be presented, revoked at or after `since` (all of them without),
 * and the database's clock at the time of reading, from which the caller asks next.
 */
export async function revokedSessionsSince(
  executor: Executor,
  since: string | undefined,
): Promise<{ now: string; sessions: RevokedSession[] }> {
  const rows = await selectRows<{ session_id: string | null; until: string | null; now: string }>(
    executor,
    sql`SELECT r.session_id, r.until, n.now
        FROM (SELECT clock_timestamp() AS now) n
        LEFT JOIN identity.revoked_sessions r ON r.until > n.now
          ${since === undefined ? sql`` : sql`AND r.revoked_at >= ${since}::timestamptz`}`,
  );
  const sessions = rows
    .filter((row): row is { session_id: string; until: string; now: string } => row.session_id !== null)
    .map((row) => ({ session_id: row.session_id, until: iso(row.until) }));
  return { now: iso(rows[0]!.now), sessions };
}
