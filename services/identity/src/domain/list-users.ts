import { tenantIn, type RequestContext } from '@salon/service-kit';
import { listMembers, type MemberRecord } from '../db/user.repository';
import type { IdentityDeps } from './deps';

/** GET /users: a page of the tenant's members. */
export async function listUsers(
  deps: IdentityDeps,
  ctx: RequestContext,
  query: { offset: number; limit: number; role?: string; isActive?: boolean },
): Promise<{ items: MemberRecord[]; total: number }> {
  return listMembers(deps.db.orm, tenantIn(ctx), query);
}
