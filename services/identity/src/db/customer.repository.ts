import { sql, type SQL } from 'drizzle-orm';
import type { CustomerPreferences } from '@salon/contracts';
import { iso, likeContains, lockFor, selectRows, type Executor } from '@salon/service-kit';
import { updateSet } from './update-set';

export type Gender = 'male' | 'female' | 'other' | 'prefer_not_to_say';

export interface CustomerRecord {
  id: string;
  tenant_id: string;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  first_name: string;
  last_name: string | null;
  date_of_birth: string | null;
  gender: Gender | null;
  address: string | null;
  avatar_url: string | null;
  tags: string[];
  email_verified: boolean;
  phone_verified: boolean;
  is_active: boolean;
  is_deleted: boolean;
  preferences: CustomerPreferences;
  consent_updated_at: string | null;
  loyalty_points: number;
  total_spent: string;
  total_appointments: number;
  last_appointment_date: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The profile columns that registration writes and staff or the customer may change later. */
export type CustomerProfileColumn =
  'email' | 'phone' | 'first_name' | 'last_name' | 'date_of_birth' | 'gender' | 'address' | 'avatar_url';

export type NewCustomer = Pick<
  CustomerRecord,
  'id' | 'tenant_id' | 'password_hash' | CustomerProfileColumn | 'tags' | 'is_active' | 'preferences'
>;

export type CustomerChanges = Partial<
  Pick<
    CustomerRecord,
    | CustomerProfileColumn
    | 'tags'
    | 'email_verified'
    | 'phone_verified'
    | 'is_active'
    | 'is_deleted'
    | 'preferences'
    | 'consent_updated_at'
    | 'password_hash'
  >
>;

const CHANGE_CASTS = { tags: 'jsonb', preferences: 'jsonb', date_of_birth: 'date' } as const;

// Dates and numerics as text (later columns of the same name win in node-postgres rows).
const RETURNING = sql`*, date_of_birth::text AS date_of_birth, last_appointment_date::text AS last_appointment_date,
  total_spent::text AS total_spent`;

const toCustomer = (row: CustomerRecord): CustomerRecord => ({
  ...row,
  consent_updated_at: row.consent_updated_at === null ? null : iso(row.consent_updated_at),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

async function one(executor: Executor, query: SQL): Promise<CustomerRecord | undefined> {
  const [row] = await selectRows<CustomerRecord>(executor, query);
  return row && toCustomer(row);
}

/** Serialises the duplicate checks and writes of one tenant's customers (e-mail and phone are unique in it). */
export async function lockTenantCustomers(tx: Executor, tenantId: string): Promise<void> {
  await lockFor(tx, 'identity.customers', tenantId);
}

export async function insertCustomer(tx: Executor, customer: NewCustomer): Promise<CustomerRecord> {
  return (await one(
    tx,
    sql`INSERT INTO identity.customers (id, tenant_id, email, phone, password_hash, first_name, last_name,
          date_of_birth, gender, address, avatar_url, tags, is_active, preferences)
        VALUES (${customer.id}, ${customer.tenant_id}, ${customer.email}, ${customer.phone}, ${customer.password_hash},
          ${customer.first_name}, ${customer.last_name}, ${customer.date_of_birth}::date, ${customer.gender},
          ${customer.address}, ${customer.avatar_url}, ${JSON.stringify(customer.tags)}::jsonb, ${customer.is_active},
          ${JSON.stringify(customer.preferences)}::jsonb)
        RETURNING ${RETURNING}`,
  ))!;
}

/** Any customer by id (soft-deleted included), whatever its tenant: the caller decides what the tenant means. */
export async function findCustomerById(
  executor: Executor,
  customerId: string,
  { forUpdate = false } = {},
): Promise<CustomerRecord | undefined> {
  return one(
    executor,
    sql`SELECT ${RETURNING} FROM identity.customers WHERE id = ${customerId} ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
}

/** The tenant's customer, not soft-deleted. */
export async function findCustomer(
  executor: Executor,
  tenantId: string,
  customerId: string,
  { forUpdate = false } = {},
): Promise<CustomerRecord | undefined> {
  return one(
    executor,
    sql`SELECT ${RETURNING} FROM identity.customers
        WHERE tenant_id = ${tenantId} AND id = ${customerId} AND NOT is_deleted ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
}

/** Which of the contact fields another (not soft-deleted) customer of the tenant already uses. */
export async function findCustomerDuplicates(
  executor: Executor,
  tenantId: string,
  fields: { email?: string | null; phone?: string | null },
  exceptCustomerId: string | null = null,
): Promise<{ email: boolean; phone: boolean }> {
  const [row] = await selectRows<{ email: boolean; phone: boolean }>(
    executor,
    sql`SELECT
          coalesce(bool_or(lower(email) = lower(${fields.email ?? null}::text)), false) AS email,
          coalesce(bool_or(phone = ${fields.phone ?? null}::text), false) AS phone
        FROM identity.customers
        WHERE tenant_id = ${tenantId} AND NOT is_deleted AND id IS DISTINCT FROM ${exceptCustomerId}::char(24)`,
  );
  return row!;
}

/**
 * Customers who may sign in with this e-mail or phone: not soft-deleted, in an active tenant; one tenant when
 * given, else every tenant (the caller refuses when that is more than one).
 */
export async function findLoginCandidates(
  executor: Executor,
  contact: { email?: string; phone?: string },
  tenantId?: string,
): Promise<CustomerRecord[]> {
  const match =
    contact.email !== undefined
      ? sql`lower(c.email) = lower(${contact.email})`
      : sql`c.phone = ${contact.phone}`;
  const rows = await selectRows<CustomerRecord>(
    executor,
    sql`SELECT c.*, c.date_of_birth::text AS date_of_birth, c.last_appointment_date::text AS last_appointment_date,
          c.total_spent::text AS total_spent
        FROM identity.customers c JOIN identity.tenants t ON t.id = c.tenant_id
        WHERE ${match} AND NOT c.is_deleted AND t.is_active
          ${tenantId === undefined ? sql`` : sql`AND c.tenant_id = ${tenantId}`}
        ORDER BY c.created_at, c.id`,
  );
  return rows.map(toCustomer);
}

export async function updateCustomer(
  tx: Executor,
  customerId: string,
  changes: CustomerChanges,
): Promise<CustomerRecord> {
  return (await one(
    tx,
    sql`UPDATE identity.customers SET ${updateSet(changes, CHANGE_CASTS)}
        WHERE id = ${customerId} RETURNING ${RETURNING}`,
  ))!;
}

export async function deleteCustomer(tx: Executor, customerId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM identity.customers WHERE id = ${customerId}`);
}

export interface CustomerFilters {
  search?: string;
  tags?: string[];
  hasPassword?: boolean;
  emailVerified?: boolean;
  createdFrom?: string;
  createdTo?: string;
}

/** A page of the tenant's customers (soft-deleted ones left out), newest first. */
export async function listCustomers(
  executor: Executor,
  tenantId: string,
  filters: CustomerFilters,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ items: CustomerRecord[]; total: number }> {
  const conditions: SQL[] = [sql`tenant_id = ${tenantId}`, sql`NOT is_deleted`];
  if (filters.search) {
    const pattern = likeContains(filters.search);
    conditions.push(
      sql`(first_name ILIKE ${pattern} OR last_name ILIKE ${pattern} OR email ILIKE ${pattern} OR phone ILIKE ${pattern})`,
    );
  }
  if (filters.tags?.length)
    conditions.push(sql`tags ?| ${`{${filters.tags.map(quoteArrayItem).join(',')}}`}::text[]`);
  if (filters.hasPassword !== undefined)
    conditions.push(filters.hasPassword ? sql`password_hash IS NOT NULL` : sql`password_hash IS NULL`);
  if (filters.emailVerified !== undefined) conditions.push(sql`email_verified = ${filters.emailVerified}`);
  // Dates are whole days in UTC, both ends included.
  if (filters.createdFrom) conditions.push(sql`created_at >= ${filters.createdFrom}::date`);
  if (filters.createdTo) conditions.push(sql`created_at < ${filters.createdTo}::date + 1`);
  const where = sql.join(conditions, sql` AND `);
  const [count] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM identity.customers WHERE ${where}`,
  );
  const rows = await selectRows<CustomerRecord>(
    executor,
    sql`SELECT ${RETURNING} FROM identity.customers WHERE ${where}
        ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${limit}`,
  );
  return { items: rows.map(toCustomer), total: count!.total };
}

const quoteArrayItem = (item: string) => `"${item.replace(/["\\]/g, (char) => `\\${char}`)}"`;

/**
 * Replaces the password hash only while it is still `from` (a rehash, a signed-in change): a concurrent change
 * wins. Answers whether it was replaced.
 */
export async function replaceCustomerPasswordHash(
  tx: Executor,
  customerId: string,
  { from, to }: { from: string; to: string },
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE identity.customers SET password_hash = ${to} WHERE id = ${customerId} AND password_hash = ${from} RETURNING id`,
  );
  return rows.length === 1;
}
