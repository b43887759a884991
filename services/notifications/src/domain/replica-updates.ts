import type {
  CustomerRegisteredV1,
  CustomerUpdatedV1,
  TenantRegisteredV1,
  TenantUpdatedV1,
} from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import * as replicas from '../db/replica.repository';

export const fullName = (first: string, last: string | null) => [first, last].filter(Boolean).join(' ');

/**
 * identity.tenant.registered / updated: name, timezone, language, currency for the templates; the business's
 * e-mail for the platform's messages to it.
 */
export async function saveTenant(tx: Executor, data: TenantRegisteredV1 | TenantUpdatedV1): Promise<void> {
  await replicas.upsertTenant(tx, {
    tenant_id: data.tenant_id,
    name: data.name,
    email: data.email,
    timezone: data.settings.timezone,
    language: data.settings.language,
    currency: data.settings.currency,
    version: data.version,
  });
}

/** identity.customer.registered / updated: contact data, preferences and consent decide the channels at send time. */
export async function saveCustomer(
  tx: Executor,
  data: CustomerRegisteredV1 | CustomerUpdatedV1,
): Promise<void> {
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
