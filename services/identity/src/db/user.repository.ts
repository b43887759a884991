import { sql } from 'drizzle-orm';
import type { Role } from '@salon/service-kit';
import { selectRows, type Executor } from '@salon/service-kit';

export interface UserRecord {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  is_super_admin: boolean;
  is_active: boolean;
}

export interface MembershipRecord {
  id: string;
  tenant_id: string;
  user_id: string;
  role: Exclude<Role, 'SUPER_ADMIN'>;
  outlet_ids: string[];
  staff_id: string | null;
  is_active: boolean;
}

/** A membership with what sign-in needs of its tenant. */
export interface MembershipWithTenant extends MembershipRecord {
  tenant_name: string;
  tenant_slug: string;
  tenant_is_active: boolean;
}

export async function findUserByEmail(executor: Executor, email: string): Promise<UserRecord | undefined> {
  const [row] = await selectRows<UserRecord>(
    executor,
    sql`SELECT * FROM identity.users WHERE lower(email) = lower(${email})`,
  );
  return row;
}

export async function findUser(executor: Executor, userId: string): Promise<UserRecord | undefined> {
  const [row] = await selectRows<UserRecord>(
    executor,
    sql`SELECT * FROM identity.users WHERE id = ${userId}`,
  );
  return row;
}

export async function insertUser(
  tx: Executor,
  user: Omit<UserRecord, 'is_active'> & { is_active?: boolean },
): Promise<UserRecord> {
  const [row] = await selectRows<UserRecord>(
    tx,
    sql`INSERT INTO identity.users (id, email, password_hash, first_name, last_name, is_super_admin, is_active)
        VALUES (${user.id}, ${user.email}, ${user.password_hash}, ${user.first_name}, ${user.last_name},
          ${user.is_super_admin}, ${user.is_active ?? true})
        RETURNING *`,
  );
  return row!;
}

export async function insertMembership(tx: Executor, membership: MembershipRecord): Promise<void> {
  await tx.execute(
    sql`INSERT INTO identity.memberships (id, tenant_id, user_id, role, outlet_ids, staff_id, is_active)
        VALUES (${membership.id}, ${membership.tenant_id}, ${membership.user_id}, ${membership.role},
          ${JSON.stringify(membership.outlet_ids)}::jsonb, ${membership.staff_id}, ${membership.is_active})`,
  );
}

/** The user's memberships that can sign in: active, in an active tenant; oldest first. */
export async function activeMembershipsOf(
  executor: Executor,
  userId: string,
  tenantId?: string,
): Promise<MembershipWithTenant[]> {
  return selectRows<MembershipWithTenant>(
    executor,
    sql`SELECT m.*, t.name AS tenant_name, t.slug AS tenant_slug, t.is_active AS tenant_is_active
        FROM identity.memberships m JOIN identity.tenants t ON t.id = m.tenant_id
        WHERE m.user_id = ${userId} AND m.is_active AND t.is_active
          ${tenantId === undefined ? sql`` : sql`AND m.tenant_id = ${tenantId}`}
        ORDER BY m.created_at, m.id`,
  );
}
