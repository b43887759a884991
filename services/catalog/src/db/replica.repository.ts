import { sql } from 'drizzle-orm';
import type { TenantRegisteredV1, TenantUpdatedV1 } from '@salon/contracts';
import { selectRows, textArray, type Executor } from '@salon/service-kit';

/** What catalog keeps of an identity tenant: its currency and its service category templates. */
export interface TenantReplica {
  tenant_id: string;
  currency: string;
  service_category_templates: string[];
  is_active: boolean;
  version: number;
  updated_at: string;
}

/** What catalog keeps of a tenant snapshot, as of `updatedAt` (registration or last change). */
export const tenantReplicaOf = (
  data: TenantRegisteredV1 | TenantUpdatedV1,
  updatedAt: string,
): TenantReplica => ({
  tenant_id: data.tenant_id,
  currency: data.settings.currency,
  service_category_templates: data.settings.service_category_templates,
  is_active: data.is_active,
  version: data.version,
  updated_at: updatedAt,
});

/** Applies a tenant snapshot unless the replica already holds this version or a newer one. */
export async function upsertTenantReplica(tx: Executor, tenant: TenantReplica): Promise<void> {
  await tx.execute(sql`
    INSERT INTO catalog.tenants (tenant_id, currency, service_category_templates, is_active, version, updated_at)
    VALUES (${tenant.tenant_id}, ${tenant.currency}, ${JSON.stringify(tenant.service_category_templates)}::jsonb,
            ${tenant.is_active}, ${tenant.version}, ${tenant.updated_at}::timestamptz)
    ON CONFLICT (tenant_id) DO UPDATE SET
      currency = EXCLUDED.currency, service_category_templates = EXCLUDED.service_category_templates,
      is_active = EXCLUDED.is_active, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
    WHERE catalog.tenants.version < EXCLUDED.version`);
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

export interface OutletReplica {
  outlet_id: string;
  tenant_id: string;
  is_active: boolean;
  version: number;
  updated_at: string;
}

/** Applies an outlet snapshot unless the replica already holds this version or a newer one. */
export async function upsertOutletReplica(tx: Executor, outlet: OutletReplica): Promise<void> {
  await tx.execute(sql`
    INSERT INTO catalog.outlets (outlet_id, tenant_id, is_active, version, updated_at)
    VALUES (${outlet.outlet_id}, ${outlet.tenant_id}, ${outlet.is_active}, ${outlet.version},
            ${outlet.updated_at}::timestamptz)
    ON CONFLICT (outlet_id) DO UPDATE SET
      tenant_id = EXCLUDED.tenant_id, is_active = EXCLUDED.is_active, version = EXCLUDED.version,
      updated_at = EXCLUDED.updated_at
    WHERE catalog.outlets.version < EXCLUDED.version`);
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
