import { sql } from 'drizzle-orm';
import { idArray, selectRows, upsertNewer, type Executor } from '@salon/service-kit';

/** A staff member (scheduling) or a service (catalog) as a customer's preferences may name it. */
export interface StaffReplica {
  staff_id: string;
  tenant_id: string;
  status: string;
  version: number;
}
export interface ServiceReplica {
  service_id: string;
  tenant_id: string;
  status: string;
  version: number;
}

/** `final`: a termination or an archive, which wins over a snapshot of the same version. */
export async function upsertStaffReplica(tx: Executor, staff: StaffReplica, { final = false } = {}) {
  await upsertNewer(tx, 'identity.staff_replicas', 'staff_id', staff, { replaceSameVersion: final });
}

export async function upsertServiceReplica(tx: Executor, service: ServiceReplica, { final = false } = {}) {
  await upsertNewer(tx, 'identity.service_replicas', 'service_id', service, { replaceSameVersion: final });
}

/** Which of `staffIds` are the tenant's and not terminated. */
export async function preferableStaff(executor: Executor, tenantId: string, staffIds: readonly string[]) {
  const rows = await selectRows<{ staff_id: string }>(
    executor,
    sql`SELECT staff_id FROM identity.staff_replicas
        WHERE tenant_id = ${tenantId} AND status <> 'terminated' AND staff_id = ANY(${idArray(staffIds)})`,
  );
  return new Set(rows.map((row) => row.staff_id));
}

/** Which of `serviceIds` are the tenant's and not archived. */
export async function preferableServices(
  executor: Executor,
  tenantId: string,
  serviceIds: readonly string[],
) {
  const rows = await selectRows<{ service_id: string }>(
    executor,
    sql`SELECT service_id FROM identity.service_replicas
        WHERE tenant_id = ${tenantId} AND status <> 'archived' AND service_id = ANY(${idArray(serviceIds)})`,
  );
  return new Set(rows.map((row) => row.service_id));
}
