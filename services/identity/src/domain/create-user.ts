import {
  badRequest,
  conflict,
  newId,
  notFound,
  rethrowUnique,
  tenantIn,
  type RequestContext,
  type Role,
} from '@salon/service-kit';
import { findTenant } from '../db/tenant.repository';
import {
  findMember,
  findUserByEmail,
  insertMembership,
  insertUser,
  lockUserEmail,
  type MemberRecord,
} from '../db/user.repository';
import { staffIn } from './caller';
import type { IdentityDeps } from './deps';
import { publishUserUpserted } from './events';
import { hashPassword } from './passwords';
import { assertCanManage, assertTenantOutlets, type MemberRole } from './user-access';

export interface NewUserInput {
  email: string;
  password?: string;
  first_name: string;
  last_name: string;
  role: Role;
  outlet_ids: string[];
  staff_id: string | null;
}

/**
 * POST /users: a user is global by e-mail. A new e-mail creates the user and its membership; an existing one
 * gets a membership of this tenant only (its password and names stay as they are).
 */
export async function createUser(
  deps: IdentityDeps,
  ctx: RequestContext,
  input: NewUserInput,
): Promise<MemberRecord> {
  const tenantId = tenantIn(ctx);
  assertCanManage(staffIn(ctx), input.role);
  const role = input.role as MemberRole;
  const passwordHash =
    input.password === undefined ? undefined : await hashPassword(input.password, deps.passwordCostLog2);
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
      await publishUserUpserted(deps, tx, ctx, [member]);
      return member;
    });
  } catch (error) {
    rethrowUnique(error, { users_email_key: 'email', memberships_tenant_id_user_id_key: 'email' });
  }
}
