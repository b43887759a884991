import type { CustomerRegisteredV1, CustomerUpdatedV1 } from '@salon/contracts';
import { customerContactOf, tenantFieldsOf, type TenantSnapshotEvent } from '@salon/service-kit';
import { tenantReplicaColumns, type CustomerReplica, type TenantReplica } from '../db/replica.repository';

/** Identity's tenant (registered or updated) as scheduling keeps it. */
export const tenantReplicaOf = (data: TenantSnapshotEvent, updatedAt: string): TenantReplica =>
  tenantFieldsOf(data, updatedAt, tenantReplicaColumns);

/** Identity's customer (registered or updated) as scheduling keeps it; `state` is what only updates carry. */
export const customerReplicaOf = (
  data: CustomerRegisteredV1 | CustomerUpdatedV1,
  state: Pick<CustomerReplica, 'is_active' | 'is_deleted' | 'updated_at'>,
): CustomerReplica => ({
  ...customerContactOf(data),
  is_active: state.is_active,
  is_deleted: state.is_deleted,
  updated_at: state.updated_at,
});
