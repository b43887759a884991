import { badRequest, notFound, tenantIn, type RequestContext, type Role } from '@salon/service-kit';
import {
  findMember,
  updateMembership,
  type MemberRecord,
  type MembershipChanges,
} from '../db/user.repository';
import { staffIn } from './caller';
import type { IdentityDeps } from './deps';
import { endStaffSessions } from './end-sessions';
import { publishUserUpserted } from './events';
import { assertCanManage, assertTenantOutlets, type MemberRole } from './user-access';

export type UserChanges = Omit<MembershipChanges, 'role'> & { role?: Role };

/**
 * PUT /users/{id} and DELETE /users/{id} (is_active false): role, outlets, linked staff member, activation of
 * the membership. A deactivation, or a change of what the user's tokens carry, ends the user's sessions in the
 * tenant (their tokens are refused at once; the user signs in again). An administrator cannot demote or deactivate itself, so a tenant never loses its last admin
 * by accident.
 */
export async function changeUser(
  deps: IdentityDeps,
  ctx: RequestContext,
  { userId, changes }: { userId: string; changes: UserChanges },
): Promise<MemberRecord> {
  const tenantId = tenantIn(ctx);
  const caller = staffIn(ctx);
  assertCanManage(caller, changes.role);
  return deps.db.withTx(async (tx) => {
    const current = await findMember(tx, tenantId, userId, { forUpdate: true });
    if (!current) throw notFound('User not found');
    const self = userId === caller.userId;
    if (self && changes.role !== undefined && changes.role !== current.role)
      throw badRequest('You cannot change your own role');
    if (self && changes.is_active === false) throw badRequest('You cannot deactivate yourself');
    if (changes.outlet_ids) await assertTenantOutlets(tx, tenantId, changes.outlet_ids);

    await updateMembership(tx, tenantId, userId, {
      ...changes,
      role: changes.role as MemberRole | undefined,
    });
    const member = (await findMember(tx, tenantId, userId))!;
    // A token carries role, outlets and staff member: one that no longer says the truth ends with its session.
    if (tokenClaimsChanged(current, member)) await endStaffSessions(tx, userId, 'security', { tenantId });
    await publishUserUpserted(deps, tx, ctx, [member]);
    return member;
  });
}

const tokenClaimsChanged = (before: MemberRecord, after: MemberRecord) =>
  !after.is_active ||
  before.role !== after.role ||
  before.staff_id !== after.staff_id ||
  before.outlet_ids.join() !== after.outlet_ids.join();
