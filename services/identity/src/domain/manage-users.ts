import {
  badRequest,
  conflict,
  forbidden,
  newId,
  notFound,
  rethrowUnique,
  type Executor,
  type Role,
  type StaffAuth,
} from '@salon/service-kit';
import { foreignOutletIds } from '../db/outlet.repository';
import { findTenant } from '../db/tenant.repository';
import {
  findMember,
  findUserByEmail,
  insertMembership,
  insertUser,
  lockUserEmail,
  updateMembership,
  type MemberRecord,
  type MembershipChanges,
} from '../db/user.repository';
import type { IdentityDeps } from './deps';
import { publishUserUpserted } from './events';
import { hashPassword } from './passwords';

type MemberRole = MemberRecord['role'];

export interface NewUserInput {
  email: string;
  password?: string;
  first_name: string;
  last_name: string;
  role: Role;
  outlet_ids: string[];
  staff_id: string | null;
}

/** Only TENANT_ADMIN (its tenant) and SUPER_ADMIN (any tenant) manage users; SUPER_ADMIN is never a member. */
function assertCanManage(auth: StaffAuth, role?: Role): asserts role is MemberRole | undefined {
  if (auth.role !== 'TENANT_ADMIN' && auth.role !== 'SUPER_ADMIN')
    throw forbidden('Only tenant administrators manage users');
  if (role === 'SUPER_ADMIN') {
    if (auth.role === 'TENANT_ADMIN') throw forbidden('A tenant administrator cannot create SUPER_ADMIN');
    throw badRequest('SUPER_ADMIN is platform-wide and is provisioned at start-up, not as a tenant user');
  }
}

async function assertTenantOutlets(tx: Executor, tenantId: string, outletIds: string[]): Promise<void> {
  const foreign = await foreignOutletIds(tx, tenantId, outletIds);
  if (foreign.length > 0) throw badRequest(`Invalid outlet for this tenant: ${foreign.join(', ')}`);
}

/**
 * POST /users: a user is global by e-mail. A new e-mail creates the user and its membership; an existing one
 * gets a membership of this tenant only (its password and names stay as they are).
 */
export async function createUser(
  deps: IdentityDeps,
  auth: StaffAuth,
  tenantId: string,
  input: NewUserInput,
  correlationId?: string,
): Promise<MemberRecord> {
  assertCanManage(auth, input.role);
  const role = input.role as MemberRole;
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  try {
    return await deps.db.withTx(async (tx) => {
      // 1. The tenant exists (SUPER_ADMIN names it), and users of one e-mail are created one at a time.
      if (!(await findTenant(tx, tenantId))) throw notFound('Tenant not found');
      await lockUserEmail(tx, input.email);

      // 2. Outlets must be the tenant's.
      await assertTenantOutlets(tx, tenantId, input.outlet_ids);

      // 3. The global user: existing (membership only) or new (needs a password).
      let user = await findUserByEmail(tx, input.email);
      if (user?.is_super_admin) throw conflict('email already registered');
      if (user && (await findMember(tx, tenantId, user.id))) throw conflict('email already registered');
      if (!user) {
        if (passwordHash === undefined) throw badRequest('password is required for a new user');
        user = await insertUser(tx, {
          id: newId(),
          email: input.email,
          password_hash: passwordHash,
          first_name: input.first_name,
          last_name: input.last_name,
          is_super_admin: false,
        });
      }

      // 4. The membership, and its event.
      await insertMembership(tx, {
        id: newId(),
        tenant_id: tenantId,
        user_id: user.id,
        role,
        outlet_ids: input.outlet_ids,
        staff_id: input.staff_id,
        is_active: true,
      });
      const member = (await findMember(tx, tenantId, user.id))!;
      await publishUserUpserted(deps, tx, [member], correlationId);
      return member;
    });
  } catch (error) {
    rethrowUnique(error, { users_email_key: 'email', memberships_tenant_id_user_id_key: 'email' });
  }
}

export async function getUser(deps: IdentityDeps, tenantId: string, userId: string): Promise<MemberRecord> {
  const member = await findMember(deps.db.orm, tenantId, userId);
  if (!member) throw notFound('User not found');
  return member;
}

/**
 * PUT /users/{id} and DELETE /users/{id} (is_active false): role, outlets, linked staff member, activation of
 * the membership. An administrator cannot demote or deactivate itself, so a tenant never loses its last admin
 * by accident.
 */
export async function changeUser(
  deps: IdentityDeps,
  auth: StaffAuth,
  tenantId: string,
  userId: string,
  changes: Omit<MembershipChanges, 'role'> & { role?: Role },
  correlationId?: string,
): Promise<MemberRecord> {
  assertCanManage(auth, changes.role);
  return deps.db.withTx(async (tx) => {
    const current = await findMember(tx, tenantId, userId, { forUpdate: true });
    if (!current) throw notFound('User not found');
    const self = userId === auth.userId;
    if (self && changes.role !== undefined && changes.role !== current.role)
      throw badRequest('You cannot change your own role');
    if (self && changes.is_active === false) throw badRequest('You cannot deactivate yourself');
    if (changes.outlet_ids) await assertTenantOutlets(tx, tenantId, changes.outlet_ids);

    await updateMembership(tx, tenantId, userId, {
      ...changes,
      role: changes.role as MemberRole | undefined,
    });
    const member = (await findMember(tx, tenantId, userId))!;
    await publishUserUpserted(deps, tx, [member], correlationId);
    return member;
  });
}
