import { sql } from 'drizzle-orm';
import { iso, selectRows, type Executor } from '@salon/service-kit';
import { updateSet } from './update-set';

export type BusinessHours = Record<string, { open: string; close: string } | null>;

export interface OutletRecord {
  id: string;
  tenant_id: string;
  name: string;
  slug: string;
  address: string | null;
  phone: string | null;
  timezone: string;
  business_hours: BusinessHours;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

const toOutlet = (row: OutletRecord): OutletRecord => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

export async function insertOutlet(
  tx: Executor,
  outlet: Omit<OutletRecord, 'version' | 'created_at' | 'updated_at'>,
): Promise<OutletRecord> {
  const [row] = await selectRows<OutletRecord>(
    tx,
    sql`INSERT INTO identity.outlets (id, tenant_id, name, slug, address, phone, timezone, business_hours, is_active)
        VALUES (${outlet.id}, ${outlet.tenant_id}, ${outlet.name}, ${outlet.slug}, ${outlet.address}, ${outlet.phone},
          ${outlet.timezone}, ${JSON.stringify(outlet.business_hours)}::jsonb, ${outlet.is_active})
        RETURNING *`,
  );
  return toOutlet(row!);
}

export async function findOutlet(
  executor: Executor,
  tenantId: string,
  outletId: string,
  { forUpdate = false } = {},
): Promise<OutletRecord | undefined> {
  const [row] = await selectRows<OutletRecord>(
    executor,
    sql`SELECT * FROM identity.outlets WHERE tenant_id = ${tenantId} AND id = ${outletId}
        ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row && toOutlet(row);
}

export async function countActiveOutlets(executor: Executor, tenantId: string): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    executor,
    sql`SELECT count(*)::int AS count FROM identity.outlets WHERE tenant_id = ${tenantId} AND is_active`,
  );
  return row!.count;
}

export async function outletSlugsLike(executor: Executor, tenantId: string, base: string): Promise<string[]> {
  const rows = await selectRows<{ slug: string }>(
    executor,
    sql`SELECT slug FROM identity.outlets
        WHERE tenant_id = ${tenantId} AND (slug = ${base} OR slug ~ ${`^${base}-[0-9]+$`})`,
  );
  return rows.map((row) => row.slug);
}

/** A page of the tenant's outlets; the caller's own outlets (`firstIds`) come first, then oldest first. */
export async function listOutlets(
  executor: Executor,
  tenantId: string,
  {
    offset,
    limit,
    isActive,
    firstIds,
  }: { offset: number; limit: number; isActive?: boolean; firstIds: string[] },
): Promise<{ items: OutletRecord[]; total: number }> {
  const where = sql`tenant_id = ${tenantId} ${isActive === undefined ? sql`` : sql`AND is_active = ${isActive}`}`;
  const firstList = `{${firstIds.join(',')}}`;
  const rows = await selectRows<OutletRecord>(
    executor,
    sql`SELECT * FROM identity.outlets WHERE ${where}
        ORDER BY (id = ANY(${firstList}::text[])) DESC, created_at, id
        OFFSET ${offset} LIMIT ${limit}`,
  );
  const [count] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM identity.outlets WHERE ${where}`,
  );
  return { items: rows.map(toOutlet), total: count!.total };
}

export type OutletChanges = Partial<
  Pick<OutletRecord, 'name' | 'address' | 'phone' | 'timezone' | 'business_hours' | 'is_active'>
>;

export async function updateOutlet(
  tx: Executor,
  tenantId: string,
  outletId: string,
  changes: OutletChanges,
): Promise<OutletRecord> {
  const [row] = await selectRows<OutletRecord>(
    tx,
    sql`UPDATE identity.outlets SET ${updateSet(changes, { business_hours: 'jsonb' })}
        WHERE tenant_id = ${tenantId} AND id = ${outletId} RETURNING *`,
  );
  return toOutlet(row!);
}

/**
 * Tenant deactivation (`active` false): every active outlet off, marked so that reactivation (`active` true)
 * turns back on exactly these.
 */
export async function switchOutletsWithTenant(
  tx: Executor,
  tenantId: string,
  active: boolean,
): Promise<OutletRecord[]> {
  const rows = await selectRows<OutletRecord>(
    tx,
    sql`UPDATE identity.outlets
        SET is_active = ${active}, deactivated_with_tenant = ${!active}, version = version + 1, updated_at = now()
        WHERE tenant_id = ${tenantId} AND ${active ? sql`deactivated_with_tenant` : sql`is_active`} RETURNING *`,
  );
  return rows.map(toOutlet);
}

/**
 * The tenant moved its time zone from `from` to `to`: the outlets that kept the tenant's zone move with it (an
 * outlet given a zone of its own keeps it).
 */
export async function moveOutletsWithTenantZone(
  tx: Executor,
  tenantId: string,
  { from, to }: { from: string; to: string },
): Promise<OutletRecord[]> {
  const rows = await selectRows<OutletRecord>(
    tx,
    sql`UPDATE identity.outlets SET timezone = ${to}, version = version + 1, updated_at = now()
        WHERE tenant_id = ${tenantId} AND timezone = ${from} RETURNING *`,
  );
  return rows.map(toOutlet);
}

/** Which of `outletIds` are not outlets of the tenant. */
export async function foreignOutletIds(
  executor: Executor,
  tenantId: string,
  outletIds: string[],
): Promise<string[]> {
  if (outletIds.length === 0) return [];
  const rows = await selectRows<{ id: string }>(
    executor,
    sql`SELECT id FROM identity.outlets WHERE tenant_id = ${tenantId} AND id = ANY(${`{${outletIds.join(',')}}`}::text[])`,
  );
  const known = new Set(rows.map((row) => row.id.trim()));
  return outletIds.filter((id) => !known.has(id));
}

export async function countOutlets(
  executor: Executor,
  tenantId: string,
): Promise<{ total: number; active: number }> {
  const [row] = await selectRows<{ total: number; active: number }>(
    executor,
    sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active
        FROM identity.outlets WHERE tenant_id = ${tenantId}`,
  );
  return row!;
}
