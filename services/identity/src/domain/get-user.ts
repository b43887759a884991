import { notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { findMember, type MemberRecord } from '../db/user.repository';
import type { IdentityDeps } from './deps';

/** GET /users/{id}: a member of the tenant acted in. */
export async function getUser(
  deps: IdentityDeps,
  ctx: RequestContext,
  { userId }: { userId: string },
): Promise<MemberRecord> {
  const member = await findMember(deps.db.orm, tenantIn(ctx), userId);
  if (!member) throw notFound('User not found');
  return member;
}
