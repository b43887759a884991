import type { RequestContext } from '@salon/service-kit';
import { staffIn } from './caller';
import type { IdentityDeps } from './deps';
import { endStaffSessions } from './end-sessions';

/**
 * POST /auth/logout: ends the token's session, or with `everywhere` every session of the user. A token from
 * before sessions were named (no `sid`) cannot be told apart, so its logout ends every session.
 */
export async function staffLogout(
  deps: IdentityDeps,
  ctx: RequestContext,
  { everywhere }: { everywhere: boolean },
) {
  const caller = staffIn(ctx);
  const sessionId = everywhere ? undefined : caller.sessionId;
  await deps.db.withTx((tx) =>
    sessionId === undefined
      ? endStaffSessions(tx, caller.userId, 'logout_all_devices')
      : endStaffSessions(tx, caller.userId, 'logout', { sessionId }),
  );
  return {
    success: true as const,
    message: everywhere ? 'Logged out from all devices' : 'Logged out successfully',
  };
}
