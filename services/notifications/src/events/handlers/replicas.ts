import type {
  CustomerUpdatedV1,
  EventEnvelope,
  OutletUpsertedV1,
  StaffUpsertedV1,
  TenantRegisteredV1,
  TenantUpdatedV1,
} from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import * as replicas from '../../db/replica.repository';

const fullName = (first: string, last: string | null) => [first, last].filter(Boolean).join(' ');

/** identity.tenant.registered / updated: name, timezone, language, currency for the templates. */
export async function applyTenantEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as TenantRegisteredV1 | TenantUpdatedV1;
  await replicas.upsertTenant(tx, {
    tenant_id: data.tenant_id,
    name: data.name,
    timezone: data.settings.timezone,
    language: data.settings.language,
    currency: data.settings.currency,
    version: data.version,
  });
}

export async function applyOutletEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as OutletUpsertedV1;
  await replicas.upsertOutlet(tx, { ...data, address: data.address });
}

export async function applyStaffEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as StaffUpsertedV1;
  await replicas.upsertStaff(tx, {
    staff_id: data.staff_id,
    tenant_id: data.tenant_id,
    name: data.display_name || fullName(data.first_name, data.last_name),
    email: data.email || null,
    phone: data.phone,
    version: data.version,
  });
}

/** identity.customer.updated.v1: contact data, preferences and consent decide the channels at send time. */
export async function applyCustomerUpdated(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as CustomerUpdatedV1;
  await replicas.upsertCustomer(tx, {
    customer_id: data.customer_id,
    tenant_id: data.tenant_id,
    name: fullName(data.first_name, data.last_name),
    email: data.email,
    phone: data.phone,
    preferences: data.preferences,
    version: data.version,
  });
}
