import type {
  CustomerRegisteredV1,
  CustomerUpdatedV1,
  TenantRegisteredV1,
  TenantUpdatedV1,
} from '@salon/contracts';
import type { CustomerReplica, TenantReplica } from '../db/replica.repository';

/** Identity's tenant (registered or updated) as scheduling keeps it. */
export const tenantReplicaOf = (
  data: TenantRegisteredV1 | TenantUpdatedV1,
  updatedAt: string,
): TenantReplica => ({
  tenant_id: data.tenant_id,
  name: data.name,
  slug: data.slug,
  timezone: data.settings.timezone,
  booking_advance_days: data.settings.booking_advance_days,
  staff_position_templates: data.settings.staff_position_templates,
  is_active: data.is_active,
  version: data.version,
  updated_at: updatedAt,
});

/** Identity's customer (registered or updated) as scheduling keeps it; `state` is what only updates carry. */
export const customerReplicaOf = (
  data: CustomerRegisteredV1 | CustomerUpdatedV1,
  state: Pick<CustomerReplica, 'is_active' | 'is_deleted' | 'updated_at'>,
): CustomerReplica => ({
  customer_id: data.customer_id,
  tenant_id: data.tenant_id,
  first_name: data.first_name,
  last_name: data.last_name,
  email: data.email,
  phone: data.phone,
  is_active: state.is_active,
  is_deleted: state.is_deleted,
  version: data.version,
  updated_at: state.updated_at,
});
