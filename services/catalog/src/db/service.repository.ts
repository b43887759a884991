import { sql, type SQL } from 'drizzle-orm';
import type { ServicePricingV1, ServiceStatus } from '@salon/contracts';
import { formatMoney, isoOf, likeContains, lockFor, selectRows, type Executor } from '@salon/service-kit';

/** The spec's Service as stored, with its pricing nested and money as two-decimal strings. */
export interface ServiceRecord {
  id: string;
  tenant_id: string;
  name: string;
  slug: string;
  description: string | null;
  category: string;
  duration_minutes: number;
  preparation_minutes: number;
  cleanup_minutes: number;
  max_advance_booking_days: number;
  min_advance_booking_hours: number;
  requires_staff: boolean;
  required_staff_count: number;
  allow_parallel_bookings: boolean;
  max_parallel_bookings: number;
  pricing: ServicePricingV1;
  tags: string[];
  image_url: string | null;
  is_active: boolean;
  status: ServiceStatus;
  average_rating: number | null;
  rating_count: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** What a client may write: everything but the identifiers, ratings, version and timestamps. */
export type ServiceFields = Omit<
  ServiceRecord,
  'id' | 'tenant_id' | 'average_rating' | 'rating_count' | 'version' | 'created_at' | 'updated_at'
>;

interface ServiceRow extends Omit<ServiceRecord, 'pricing' | 'average_rating'> {
  base_price: string;
  currency: string;
  outlet_prices: Record<string, string>;
  promotional_price: string | null;
  promotional_valid_until: string | null;
  deposit: ServicePricingV1['deposit'];
  average_rating: string | null;
}

const COLUMNS = sql`id, tenant_id, name, slug, description, category, duration_minutes, preparation_minutes,
  cleanup_minutes, max_advance_booking_days, min_advance_booking_hours, requires_staff, required_staff_count,
  allow_parallel_bookings, max_parallel_bookings, base_price::text AS base_price, currency, outlet_prices,
  promotional_price::text AS promotional_price,
  ${isoOf(sql`promotional_valid_until`)} AS promotional_valid_until, deposit, tags, image_url, is_active, status,
  average_rating::text AS average_rating, rating_count, version,
  ${isoOf(sql`created_at`)} AS created_at, ${isoOf(sql`updated_at`)} AS updated_at`;

const toRecord = ({
  base_price,
  currency,
  outlet_prices,
  promotional_price,
  promotional_valid_until,
  deposit,
  average_rating,
  ...row
}: ServiceRow): ServiceRecord => ({
  ...row,
  tenant_id: row.tenant_id,
  pricing: {
    base_price: formatMoney(base_price),
    currency,
    outlet_prices: Object.fromEntries(
      Object.entries(outlet_prices).map(([outletId, amount]) => [outletId, formatMoney(amount)]),
    ),
    promotional_price: promotional_price === null ? null : formatMoney(promotional_price),
    promotional_valid_until,
    deposit: deposit ?? null,
  },
  average_rating: average_rating === null ? null : Number(average_rating),
});

// The writable columns in one order, for INSERT and UPDATE alike.
const writable = (fields: ServiceFields): [string, SQL | string | number | boolean | null][] => [
  ['name', fields.name],
  ['slug', fields.slug],
  ['description', fields.description],
  ['category', fields.category],
  ['duration_minutes', fields.duration_minutes],
  ['preparation_minutes', fields.preparation_minutes],
  ['cleanup_minutes', fields.cleanup_minutes],
  ['max_advance_booking_days', fields.max_advance_booking_days],
  ['min_advance_booking_hours', fields.min_advance_booking_hours],
  ['requires_staff', fields.requires_staff],
  ['required_staff_count', fields.required_staff_count],
  ['allow_parallel_bookings', fields.allow_parallel_bookings],
  ['max_parallel_bookings', fields.max_parallel_bookings],
  ['base_price', sql`${fields.pricing.base_price}::numeric`],
  ['currency', fields.pricing.currency],
  ['outlet_prices', sql`${JSON.stringify(fields.pricing.outlet_prices)}::jsonb`],
  ['promotional_price', sql`${fields.pricing.promotional_price}::numeric`],
  ['promotional_valid_until', sql`${fields.pricing.promotional_valid_until}::timestamptz`],
  ['deposit', sql`${fields.pricing.deposit ? JSON.stringify(fields.pricing.deposit) : null}::jsonb`],
  ['tags', sql`${JSON.stringify(fields.tags)}::jsonb`],
  ['image_url', fields.image_url],
  ['is_active', fields.is_active],
  ['status', fields.status],
];

const value = (item: SQL | string | number | boolean | null): SQL =>
  item !== null && typeof item === 'object' ? item : sql`${item}`;

export async function insertService(
  tx: Executor,
  tenantId: string,
  id: string,
  fields: ServiceFields,
): Promise<ServiceRecord> {
  const columns = writable(fields);
  const [row] = await selectRows<ServiceRow>(
    tx,
    sql`INSERT INTO catalog.services (id, tenant_id, ${sql.join(
      columns.map(([column]) => sql.identifier(column)),
      sql`, `,
    )})
        VALUES (${id}, ${tenantId}, ${sql.join(
          columns.map(([, item]) => value(item)),
          sql`, `,
        )})
        RETURNING ${COLUMNS}`,
  );
  return toRecord(row!);
}

/** Writes every writable field (the caller merged the change into the stored service) and bumps the version. */
export async function updateService(
  tx: Executor,
  tenantId: string,
  id: string,
  fields: ServiceFields,
): Promise<ServiceRecord> {
  const sets = writable(fields).map(([column, item]) => sql`${sql.identifier(column)} = ${value(item)}`);
  const [row] = await selectRows<ServiceRow>(
    tx,
    sql`UPDATE catalog.services SET ${sql.join(sets, sql`, `)}, version = version + 1, updated_at = now()
        WHERE tenant_id = ${tenantId} AND id = ${id} RETURNING ${COLUMNS}`,
  );
  return toRecord(row!);
}

export async function findService(
  executor: Executor,
  tenantId: string,
  id: string,
  { forUpdate = false } = {},
): Promise<ServiceRecord | undefined> {
  const [row] = await selectRows<ServiceRow>(
    executor,
    sql`SELECT ${COLUMNS} FROM catalog.services WHERE tenant_id = ${tenantId} AND id = ${id}
        ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row && toRecord(row);
}

export async function slugTaken(
  executor: Executor,
  tenantId: string,
  slug: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await selectRows(
    executor,
    sql`SELECT 1 FROM catalog.services WHERE tenant_id = ${tenantId} AND slug = ${slug}
        ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
  );
  return rows.length > 0;
}

/**
 * Serialises the tenant's service creations (and restorations) for the rest of the transaction, so the
 * plan-limit count and the insert cannot interleave with another request's.
 */
export async function lockTenantServices(tx: Executor, tenantId: string): Promise<void> {
  await lockFor(tx, 'catalog.services', tenantId);
}

/** Services that count against the plan's max_services: every one not archived. */
export async function countLiveServices(executor: Executor, tenantId: string): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    executor,
    sql`SELECT count(*)::int AS count FROM catalog.services WHERE tenant_id = ${tenantId} AND status <> 'archived'`,
  );
  return row!.count;
}

export interface ServiceFilters {
  /** Customers: only status active and is_active true. */
  bookableOnly: boolean;
  status?: ServiceStatus;
  category?: string;
  search?: string;
  minPrice?: string;
  maxPrice?: string;
  minDuration?: number;
  maxDuration?: number;
}

/** A page of the tenant's services matching the filters, alphabetical by name (case-insensitive). */
export async function listServices(
  executor: Executor,
  tenantId: string,
  filters: ServiceFilters,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ items: ServiceRecord[]; total: number }> {
  const conditions: SQL[] = [sql`tenant_id = ${tenantId}`];
  if (filters.bookableOnly) conditions.push(sql`status = 'active' AND is_active`);
  else if (filters.status) conditions.push(sql`status = ${filters.status}`);
  if (filters.category !== undefined) conditions.push(sql`category = ${filters.category}`);
  if (filters.search) conditions.push(sql`search_text LIKE ${likeContains(filters.search.toLowerCase())}`);
  if (filters.minPrice !== undefined) conditions.push(sql`base_price >= ${filters.minPrice}::numeric`);
  if (filters.maxPrice !== undefined) conditions.push(sql`base_price <= ${filters.maxPrice}::numeric`);
  if (filters.minDuration !== undefined) conditions.push(sql`duration_minutes >= ${filters.minDuration}`);
  if (filters.maxDuration !== undefined) conditions.push(sql`duration_minutes <= ${filters.maxDuration}`);
  const where = sql.join(conditions, sql` AND `);

  const rows = await selectRows<ServiceRow>(
    executor,
    sql`SELECT ${COLUMNS} FROM catalog.services WHERE ${where}
        ORDER BY lower(name), id OFFSET ${offset} LIMIT ${limit}`,
  );
  const [count] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM catalog.services WHERE ${where}`,
  );
  return { items: rows.map(toRecord), total: count!.total };
}

export interface CategoryCount {
  category: string;
  /** Services with status active and is_active true. */
  active: number;
  /** Services not archived (active or inactive). */
  live: number;
}

export async function categoryCounts(executor: Executor, tenantId: string): Promise<CategoryCount[]> {
  return selectRows<CategoryCount>(
    executor,
    sql`SELECT category,
               (count(*) FILTER (WHERE status = 'active' AND is_active))::int AS active,
               (count(*) FILTER (WHERE status <> 'archived'))::int AS live
        FROM catalog.services WHERE tenant_id = ${tenantId} GROUP BY category`,
  );
}
