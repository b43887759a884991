import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '@salon/service-kit';
import { iso, lockFor, selectRows, type Executor } from '@salon/service-kit';
import { updateSet } from './update-set';

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

/** Serialises the creation of users and memberships of one e-mail. */
export async function lockUserEmail(tx: Executor, email: string): Promise<void> {
  await lockFor(tx, 'identity.user', email);
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

/** A tenant's view of a staff user: the global user's identity with its membership of that tenant. */
export interface MemberRecord {
  id: string;
  tenant_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Exclude<Role, 'SUPER_ADMIN'>;
  outlet_ids: string[];
  staff_id: string | null;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

const toMember = (row: MemberRecord): MemberRecord => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const memberSelect = sql`SELECT u.id, m.tenant_id, u.email, u.first_name, u.last_name, m.role, m.outlet_ids,
    m.staff_id, m.is_active, m.version, m.created_at, m.updated_at
  FROM identity.memberships m JOIN identity.users u ON u.id = m.user_id`;

export async function findMember(
  executor: Executor,
  tenantId: string,
  userId: string,
  { forUpdate = false } = {},
): Promise<MemberRecord | undefined> {
  const [row] = await selectRows<MemberRecord>(
    executor,
    sql`${memberSelect} WHERE m.tenant_id = ${tenantId} AND m.user_id = ${userId}
        ${forUpdate ? sql`FOR UPDATE OF m` : sql``}`,
  );
  return row && toMember(row);
}

/** A page of the tenant's staff users, oldest membership first. */
export async function listMembers(
  executor: Executor,
  tenantId: string,
  { offset, limit, role, isActive }: { offset: number; limit: number; role?: string; isActive?: boolean },
): Promise<{ items: MemberRecord[]; total: number }> {
  const conditions: SQL[] = [sql`m.tenant_id = ${tenantId}`];
  if (role !== undefined) conditions.push(sql`m.role = ${role}`);
  if (isActive !== undefined) conditions.push(sql`m.is_active = ${isActive}`);
  const where = sql.join(conditions, sql` AND `);
  const rows = await selectRows<MemberRecord>(
    executor,
    sql`${memberSelect} WHERE ${where} ORDER BY m.created_at, m.id OFFSET ${offset} LIMIT ${limit}`,
  );
  const [count] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM identity.memberships m WHERE ${where}`,
  );
  return { items: rows.map(toMember), total: count!.total };
}

export type MembershipChanges = Partial<Pick<MemberRecord, 'role' | 'outlet_ids' | 'staff_id' | 'is_active'>>;

export async function updateMembership(
  tx: Executor,
  tenantId: string,
  userId: string,
  changes: MembershipChanges,
): Promise<void> {
  await tx.execute(
    sql`UPDATE identity.memberships
        SET ${updateSet(changes, { outlet_ids: 'jsonb' })}
        WHERE tenant_id = ${tenantId} AND user_id = ${userId}`,
  );
}

/**
 * Tenant deactivation (`active` false): every active membership off, marked so that reactivation (`active` true)
 * turns back on exactly these. Answers the user ids switched.
 */
export async function switchMembershipsWithTenant(
  tx: Executor,
  tenantId: string,
  active: boolean,
): Promise<string[]> {
  const rows = await selectRows<{ user_id: string }>(
    tx,
    sql`UPDATE identity.memberships
        SET is_active = ${active}, deactivated_with_tenant = ${!active}, version = version + 1, updated_at = now()
        WHERE tenant_id = ${tenantId} AND ${active ? sql`deactivated_with_tenant` : sql`is_active`} RETURNING user_id`,
  );
  return rows.map((row) => row.user_id);
}

/** Tenant stats: memberships by role and activity. */
export async function countMembersByRole(
  executor: Executor,
  tenantId: string,
): Promise<{ role: string; total: number; active: number }[]> {
  return selectRows<{ role: string; total: number; active: number }>(
    executor,
    sql`SELECT role, count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active
        FROM identity.memberships WHERE tenant_id = ${tenantId} GROUP BY role`,
  );
}

/**
 * Replaces the password hash only while it is still `from` (a rehash, a signed-in change): a concurrent change
 * wins. Answers whether it was replaced.
 */
export async function replaceUserPasswordHash(
  tx: Executor,
  userId: string,
  { from, to }: { from: string; to: string },
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE identity.users SET password_hash = ${to} WHERE id = ${userId} AND password_hash = ${from} RETURNING id`,
  );
  return rows.length === 1;
}

/** Sets a new password hash, whatever it was (a reset with a code). */
export async function setUserPasswordHash(tx: Executor, userId: string, passwordHash: string): Promise<void> {
  await tx.execute(sql`UPDATE identity.users SET password_hash = ${passwordHash} WHERE id = ${userId}`);
}
