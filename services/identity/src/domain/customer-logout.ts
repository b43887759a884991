import type { RequestContext } from '@salon/service-kit';
import { customerIn } from './caller';
import type { IdentityDeps } from './deps';
import { endCustomerSessions } from './end-sessions';

/** POST /customer/auth/logout: single logout also invalidates every session of the customer (spec). */
export async function customerLogout(
  deps: IdentityDeps,
  ctx: RequestContext,
  { everywhere }: { everywhere: boolean },
) {
  const caller = customerIn(ctx);
  await deps.db.withTx((tx) =>
    endCustomerSessions(tx, caller.customerId, everywhere ? 'logout_all_devices' : 'logout'),
  );
  return {
    success: true as const,
    message: everywhere ? 'Logged out from all devices' : 'Logged out successfully',
  };
}
