import type { RequestContext } from '@salon/service-kit';
import { revokedSessionsSince } from '../db/session-revocation.repository';
import type { IdentityDeps } from './deps';

/**
 * GET /internal/sessions/revoked (the gateway's poll): sessions ended at or after `since` whose access tokens
 * may still be presented, all of them without `since`, and the database's clock to ask from next time.
 */
export const listRevokedSessions = (
  deps: IdentityDeps,
  _ctx: RequestContext,
  { since }: { since?: string },
) => revokedSessionsSince(deps.db.orm, since);
