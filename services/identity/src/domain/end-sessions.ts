import { CUSTOMER_ACCESS_TTL_SECONDS, STAFF_ACCESS_TTL_SECONDS, type Executor } from '@salon/service-kit';
import { invalidateSessionsOf, type InvalidationReason } from '../db/customer-session.repository';
import { recordRevokedSessions } from '../db/session-revocation.repository';
import { revokeFamiliesOf } from '../db/token.repository';

// A revoked session is held a minute past its last token's expiry, for clocks that disagree a little.
const CLOCK_SKEW_SECONDS = 60;

/**
 * Ends every active session of the customer: none can refresh, and the gateway refuses their access tokens
 * within a poll (the session ids are recorded as revoked until those tokens have expired).
 */
export async function endCustomerSessions(
  tx: Executor,
  customerId: string,
  reason: InvalidationReason,
): Promise<void> {
  const sessionIds = await invalidateSessionsOf(tx, customerId, reason);
  await recordRevokedSessions(tx, sessionIds, CUSTOMER_ACCESS_TTL_SECONDS + CLOCK_SKEW_SECONDS);
}

/**
 * Ends a staff user's sessions (refresh-token families): every one, those in one tenant (a membership
 * changed), or one (a logout). Their refresh tokens stop working and their access tokens are refused.
 */
export async function endStaffSessions(
  tx: Executor,
  userId: string,
  reason: InvalidationReason,
  scope: { tenantId?: string; sessionId?: string } = {},
): Promise<void> {
  const familyIds = await revokeFamiliesOf(tx, userId, reason, {
    ...(scope.tenantId === undefined ? {} : { tenantId: scope.tenantId }),
    ...(scope.sessionId === undefined ? {} : { familyId: scope.sessionId }),
  });
  // A session named by its token is recorded even when its refresh token has already gone (used up).
  const ended = scope.sessionId === undefined ? familyIds : [...new Set([...familyIds, scope.sessionId])];
  await recordRevokedSessions(tx, ended, STAFF_ACCESS_TTL_SECONDS + CLOCK_SKEW_SECONDS);
}
