import type {
  CustomerRegisteredV1,
  CustomerUpdatedV1,
  OutletUpsertedV1,
  TenantRegisteredV1,
  TenantSettings,
  TenantUpdatedV1,
} from '@salon/contracts';

/**
 * What replicas of identity's facts are made of. Each service keeps its own table with the columns it needs;
 * these give those columns' values from identity's events, so the mapping is written once.
 */

/** Identity's tenant snapshot: at registration, or after any change. */
export type TenantSnapshotEvent = TenantRegisteredV1 | TenantUpdatedV1;

/** Identity's tenant (registered or updated) with its settings beside its own fields, as of `updated_at`. */
export type TenantFields = Pick<
  TenantUpdatedV1,
  'tenant_id' | 'name' | 'slug' | 'email' | 'phone' | 'is_active'
> &
  TenantSettings & { version: number; updated_at: string };

/** `columns` of identity's tenant snapshot, as of `updatedAt` (registration or last change). */
export function tenantFieldsOf<K extends keyof TenantFields>(
  data: TenantSnapshotEvent,
  updatedAt: string,
  columns: readonly K[],
): Pick<TenantFields, K> {
  const fields: TenantFields = {
    ...data.settings,
    tenant_id: data.tenant_id,
    name: data.name,
    slug: data.slug,
    email: data.email,
    phone: data.phone,
    is_active: data.is_active,
    version: data.version,
    updated_at: updatedAt,
  };
  return pickFields(fields, columns);
}

/** What every outlet replica keeps: whose it is, whether it is active, and its version. */
export const outletFieldsOf = (
  data: OutletUpsertedV1,
): Pick<OutletUpsertedV1, 'outlet_id' | 'tenant_id' | 'is_active' | 'version' | 'updated_at'> =>
  pickFields(data, ['outlet_id', 'tenant_id', 'is_active', 'version', 'updated_at']);

/** A customer's contact data (registered or updated), as the replicas that copy it keep it. */
export const customerContactOf = (
  data: CustomerRegisteredV1 | CustomerUpdatedV1,
): Pick<
  CustomerUpdatedV1,
  'customer_id' | 'tenant_id' | 'first_name' | 'last_name' | 'email' | 'phone' | 'version'
> => pickFields(data, ['customer_id', 'tenant_id', 'first_name', 'last_name', 'email', 'phone', 'version']);

/** The named fields of `source`, and only those. */
export function pickFields<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;
}
