import { sql } from 'drizzle-orm';
import {
  jsonb,
  selectRows,
  tenantFieldsOf,
  textArray,
  timestamptz,
  upsertNewer,
  type Executor,
  type TenantFields,
  type TenantSnapshotEvent,
} from '@salon/service-kit';

/** What catalog keeps of an identity tenant: its slug, currency and service category templates. */
const tenantColumns = [
  'tenant_id',
  'slug',
  'currency',
  'service_category_templates',
  'is_active',
  'version',
  'updated_at',
] as const;
export type TenantReplica = Pick<TenantFields, (typeof tenantColumns)[number]>;

/** What catalog keeps of a tenant snapshot, as of `updatedAt` (registration or last change). */
export const tenantReplicaOf = (data: TenantSnapshotEvent, updatedAt: string): TenantReplica =>
  tenantFieldsOf(data, updatedAt, tenantColumns);

/** Applies a tenant snapshot unless the replica already holds this version or a newer one. */
export async function upsertTenantReplica(tx: Executor, tenant: TenantReplica): Promise<void> {
  await upsertNewer(tx, 'catalog.tenants', 'tenant_id', {
    ...tenant,
    service_category_templates: jsonb(tenant.service_category_templates),
    updated_at: timestamptz(tenant.updated_at),
  });
}

export async function findTenantReplica(
  executor: Executor,
  tenantId: string,
): Promise<Pick<TenantReplica, 'currency' | 'service_category_templates' | 'version'> | undefined> {
  const [row] = await selectRows<Pick<TenantReplica, 'currency' | 'service_category_templates' | 'version'>>(
    executor,
    sql`SELECT currency, service_category_templates, version FROM catalog.tenants WHERE tenant_id = ${tenantId}`,
  );
  return row;
}

/** The active tenant with this slug (the public booking API), if catalog holds one. */
export async function findActiveTenantBySlug(
  executor: Executor,
  slug: string,
): Promise<Pick<TenantReplica, 'tenant_id' | 'service_category_templates'> | undefined> {
  const [row] = await selectRows<Pick<TenantReplica, 'tenant_id' | 'service_category_templates'>>(
    executor,
    sql`SELECT tenant_id, service_category_templates FROM catalog.tenants
        WHERE slug = ${slug} AND is_active ORDER BY version DESC LIMIT 1`,
  );
  return row;
}

export interface OutletReplica {
  outlet_id: string;
  tenant_id: string;
  is_active: boolean;
  version: number;
  updated_at: string;
}

/** Applies an outlet snapshot unless the replica already holds this version or a newer one. */
export async function upsertOutletReplica(tx: Executor, outlet: OutletReplica): Promise<void> {
  await upsertNewer(tx, 'catalog.outlets', 'outlet_id', {
    ...outlet,
    updated_at: timestamptz(outlet.updated_at),
  });
}

export async function findOutletReplica(
  executor: Executor,
  outletId: string,
): Promise<Pick<OutletReplica, 'tenant_id' | 'is_active' | 'version'> | undefined> {
  const [row] = await selectRows<Pick<OutletReplica, 'tenant_id' | 'is_active' | 'version'>>(
    executor,
    sql`SELECT tenant_id, is_active, version FROM catalog.outlets WHERE outlet_id = ${outletId}`,
  );
  return row;
}

/** The ids among `outletIds` that are outlets of the tenant (active or not). */
export async function tenantOutletIds(
  executor: Executor,
  tenantId: string,
  outletIds: string[],
): Promise<Set<string>> {
  if (outletIds.length === 0) return new Set();
  const rows = await selectRows<{ outlet_id: string }>(
    executor,
    sql`SELECT outlet_id FROM catalog.outlets
        WHERE tenant_id = ${tenantId} AND outlet_id = ANY(${textArray(outletIds)})`,
  );
  return new Set(rows.map((row) => row.outlet_id));
}
