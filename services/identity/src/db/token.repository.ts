import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '@salon/service-kit';

export interface RefreshTokenRecord {
  jti: string;
  family_id: string;
  user_id: string;
  tenant_id: string | null;
  expired: boolean;
  used: boolean;
  revoked: boolean;
}

export async function insertRefreshToken(
  tx: Executor,
  token: { jti: string; family_id: string; user_id: string; tenant_id: string | null; ttlSeconds: number },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO identity.refresh_tokens (jti, family_id, user_id, tenant_id, expires_at)
        VALUES (${token.jti}, ${token.family_id}, ${token.user_id}, ${token.tenant_id},
          now() + make_interval(secs => ${token.ttlSeconds}))`,
  );
}

/** Locks the row, so two refreshes with the same token cannot both succeed. */
export async function lockRefreshToken(tx: Executor, jti: string): Promise<RefreshTokenRecord | undefined> {
  const [row] = await selectRows<RefreshTokenRecord>(
    tx,
    sql`SELECT jti, family_id, user_id, tenant_id, expires_at <= now() AS expired,
          used_at IS NOT NULL AS used, revoked_at IS NOT NULL AS revoked
        FROM identity.refresh_tokens WHERE jti = ${jti} FOR UPDATE`,
  );
  return row;
}

export async function markRefreshTokenUsed(tx: Executor, jti: string): Promise<void> {
  await tx.execute(sql`UPDATE identity.refresh_tokens SET used_at = now() WHERE jti = ${jti}`);
}

export async function revokeFamily(tx: Executor, familyId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE identity.refresh_tokens SET revoked_at = now() WHERE family_id = ${familyId} AND revoked_at IS NULL`,
  );
}

/**
 * Revokes the user's refresh-token families that can still refresh (each one a sign-in session), all of them
 * or only those of one tenant or one family; answers the family ids.
 */
export async function revokeFamiliesOf(
  tx: Executor,
  userId: string,
  reason: string,
  scope: { tenantId?: string; familyId?: string } = {},
): Promise<string[]> {
  const rows = await selectRows<{ family_id: string }>(
    tx,
    sql`UPDATE identity.refresh_tokens SET revoked_at = now(), revoked_reason = ${reason}
        WHERE user_id = ${userId} AND revoked_at IS NULL AND expires_at > now()
          ${scope.tenantId === undefined ? sql`` : sql`AND tenant_id = ${scope.tenantId}`}
          ${scope.familyId === undefined ? sql`` : sql`AND family_id = ${scope.familyId}`}
        RETURNING family_id`,
  );
  return [...new Set(rows.map((row) => row.family_id))];
}

export async function insertLoginToken(
  tx: Executor,
  token: { token_hash: string; user_id: string; ttlSeconds: number },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO identity.login_tokens (token_hash, user_id, expires_at)
        VALUES (${token.token_hash}, ${token.user_id}, now() + make_interval(secs => ${token.ttlSeconds}))`,
  );
}

/** Uses up a login token: answers its user once, while it is unexpired; undefined otherwise. */
export async function consumeLoginToken(tx: Executor, tokenHash: string): Promise<string | undefined> {
  const [row] = await selectRows<{ user_id: string }>(
    tx,
    sql`UPDATE identity.login_tokens SET used_at = now()
        WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
  );
  return row?.user_id;
}
