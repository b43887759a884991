import { sql, type SQL } from 'drizzle-orm';
import { isoOf, lockFor, selectRows, type Executor } from '@salon/service-kit';

export interface PackageItem {
  service_id: string;
  service_name: string;
  quantity: number;
  unit_price: string;
}

export interface PackageRecord {
  id: string;
  tenant_id: string;
  name: string;
  description: string | null;
  package_items: PackageItem[];
  package_price: string;
  currency: string;
  validity_days: number | null;
  is_active: boolean;
  status: 'active' | 'inactive' | 'archived';
  is_deleted: boolean;
  outlet_ids: string[];
  total_purchased: number;
  total_revenue: string;
  created_at: string;
  updated_at: string;
}

export type PackageFields = Omit<
  PackageRecord,
  'tenant_id' | 'is_deleted' | 'total_purchased' | 'total_revenue' | 'created_at' | 'updated_at'
>;

const columns = sql`id, tenant_id, name, description, package_items, package_price::text AS package_price,
  currency, validity_days, is_active, status, is_deleted, outlet_ids, total_purchased,
  total_revenue::text AS total_revenue, ${isoOf(sql`created_at`)} AS created_at,
  ${isoOf(sql`updated_at`)} AS updated_at`;

/** Serialises package creation per tenant, so the plan's package count cannot be passed by a race. */
export const lockTenantPackages = (tx: Executor, tenantId: string): Promise<void> =>
  lockFor(tx, 'commerce.packages', tenantId);

/** Packages that count against max_packages: every one not archived. */
export async function countLivePackages(executor: Executor, tenantId: string): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    executor,
    sql`SELECT count(*)::int AS count FROM commerce.packages WHERE tenant_id = ${tenantId} AND status <> 'archived'`,
  );
  return row?.count ?? 0;
}

export async function insertPackage(tx: Executor, tenantId: string, fields: PackageFields): Promise<void> {
  await tx.execute(sql`
    INSERT INTO commerce.packages (id, tenant_id, name, description, package_items, package_price, currency,
                                   validity_days, is_active, status, outlet_ids)
    VALUES (${fields.id}, ${tenantId}, ${fields.name}, ${fields.description},
            ${JSON.stringify(fields.package_items)}::jsonb, ${fields.package_price}, ${fields.currency},
            ${fields.validity_days}, ${fields.is_active}, ${fields.status}, ${JSON.stringify(fields.outlet_ids)}::jsonb)`);
}

export async function findPackage(
  executor: Executor,
  tenantId: string,
  packageId: string,
  { forUpdate = false } = {},
): Promise<PackageRecord | undefined> {
  const [row] = await selectRows<PackageRecord>(
    executor,
    sql`SELECT ${columns} FROM commerce.packages WHERE tenant_id = ${tenantId} AND id = ${packageId}
        ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

export async function updatePackage(
  tx: Executor,
  tenantId: string,
  fields: PackageFields & { is_deleted: boolean },
) {
  await tx.execute(sql`
    UPDATE commerce.packages SET name = ${fields.name}, description = ${fields.description},
      package_items = ${JSON.stringify(fields.package_items)}::jsonb, package_price = ${fields.package_price},
      validity_days = ${fields.validity_days}, is_active = ${fields.is_active}, status = ${fields.status},
      is_deleted = ${fields.is_deleted}, outlet_ids = ${JSON.stringify(fields.outlet_ids)}::jsonb, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${fields.id}`);
}

export interface PackageFilters {
  status?: string;
  isActive?: boolean;
  outletId?: string;
  /** Customers: active packages only. */
  purchasableOnly?: boolean;
}

function whereOf(tenantId: string, filters: PackageFilters): SQL {
  const conditions: SQL[] = [sql`tenant_id = ${tenantId}`];
  if (filters.purchasableOnly) conditions.push(sql`status = 'active' AND is_active AND NOT is_deleted`);
  if (filters.status) conditions.push(sql`status = ${filters.status}`);
  if (filters.isActive !== undefined) conditions.push(sql`is_active = ${filters.isActive}`);
  if (filters.outletId) {
    conditions.push(sql`(outlet_ids = '[]'::jsonb OR outlet_ids ? ${filters.outletId})`);
  }
  return sql.join(conditions, sql` AND `);
}

export async function listPackages(
  executor: Executor,
  tenantId: string,
  filters: PackageFilters,
  page: { offset: number; limit: number },
): Promise<{ items: PackageRecord[]; total: number }> {
  const where = whereOf(tenantId, filters);
  const [count] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM commerce.packages WHERE ${where}`,
  );
  const items = await selectRows<PackageRecord>(
    executor,
    sql`SELECT ${columns} FROM commerce.packages WHERE ${where}
        ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { items, total: count?.total ?? 0 };
}

/** Whether any customer package (any status) was bought from the package: its items are then frozen. */
export async function hasPurchases(
  executor: Executor,
  tenantId: string,
  packageId: string,
): Promise<boolean> {
  const rows = await selectRows<{ one: number }>(
    executor,
    sql`SELECT 1 AS one FROM commerce.customer_packages WHERE tenant_id = ${tenantId} AND package_id = ${packageId} LIMIT 1`,
  );
  return rows.length > 0;
}

/** Credits still usable from the package: remaining credits of rows that have not expired. */
export async function activeCreditsCount(
  executor: Executor,
  tenantId: string,
  packageId: string,
): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    executor,
    sql`SELECT coalesce(sum(c.allocated_credits - c.used_credits), 0)::int AS count
        FROM commerce.credits c JOIN commerce.customer_packages cp ON cp.id = c.customer_package_id
        WHERE cp.tenant_id = ${tenantId} AND cp.package_id = ${packageId}
          AND (c.expires_at IS NULL OR c.expires_at > now())`,
  );
  return row?.count ?? 0;
}

/** A purchase was paid: the package's totals grow. */
export async function recordPackageSale(tx: Executor, tenantId: string, packageId: string, amount: string) {
  await tx.execute(sql`
    UPDATE commerce.packages SET total_purchased = total_purchased + 1, total_revenue = total_revenue + ${amount}
    WHERE tenant_id = ${tenantId} AND id = ${packageId}`);
}
