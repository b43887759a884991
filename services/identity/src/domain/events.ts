import type {
  CustomerUpdatedV1,
  EventData,
  EventType,
  OutletUpsertedV1,
  TenantUpdatedV1,
  UserUpsertedV1,
} from '@salon/contracts';
import { newEvent, originOf } from '@salon/messaging';
import type { Executor, RequestContext } from '@salon/service-kit';
import type { CustomerRecord } from '../db/customer.repository';
import type { OutletRecord } from '../db/outlet.repository';
import type { TenantRecord } from '../db/tenant.repository';
import type { MemberRecord } from '../db/user.repository';
import { PRODUCER, type IdentityDeps } from './deps';
import { memberFields, outletFields } from './record-fields';

export const tenantUpdatedData = (tenant: TenantRecord): TenantUpdatedV1 => ({
  tenant_id: tenant.id,
  name: tenant.name,
  slug: tenant.slug,
  email: tenant.email,
  phone: tenant.phone,
  description: tenant.description,
  website: tenant.website,
  is_active: tenant.is_active,
  settings: tenant.settings,
  updated_at: tenant.updated_at,
  version: tenant.version,
});

export const outletUpsertedData = (outlet: OutletRecord): OutletUpsertedV1 => ({
  outlet_id: outlet.id,
  ...outletFields(outlet),
  updated_at: outlet.updated_at,
  version: outlet.version,
});

/** Who the customer is and how to reach them: the head of every customer event's data. */
export const customerContactData = (customer: CustomerRecord) => ({
  customer_id: customer.id,
  tenant_id: customer.tenant_id,
  email: customer.email,
  phone: customer.phone,
  first_name: customer.first_name,
  last_name: customer.last_name,
});

export const customerUpdatedData = (customer: CustomerRecord): CustomerUpdatedV1 => ({
  ...customerContactData(customer),
  date_of_birth: customer.date_of_birth,
  gender: customer.gender,
  tags: customer.tags,
  email_verified: customer.email_verified,
  phone_verified: customer.phone_verified,
  is_active: customer.is_active,
  is_deleted: customer.is_deleted,
  preferences: customer.preferences,
  updated_at: customer.updated_at,
  version: customer.version,
});

export const userUpsertedData = (member: MemberRecord): UserUpsertedV1 => ({
  tenant_id: member.tenant_id,
  user_id: member.id,
  ...memberFields(member),
  version: member.version,
});

/** Queues one event of `type` per record, with the record's state after the change, in the record's tenant. */
async function publishStates<T extends EventType, R extends { tenant_id: string }>(
  deps: IdentityDeps,
  tx: Executor,
  ctx: RequestContext,
  type: T,
  dataOf: (record: R) => EventData<T>,
  records: R[],
): Promise<void> {
  if (records.length === 0) return;
  await deps.store.enqueue(
    tx,
    records.map((record) => newEvent(type, dataOf(record), originOf(ctx, PRODUCER, record.tenant_id))),
  );
}

/** Queues identity.customer.updated.v1 with the customer's state after the change. */
export const publishCustomerUpdated = (
  deps: IdentityDeps,
  tx: Executor,
  ctx: RequestContext,
  customer: CustomerRecord,
): Promise<void> =>
  publishStates(deps, tx, ctx, 'identity.customer.updated.v1', customerUpdatedData, [customer]);

/** Queues identity.outlet.upserted.v1 with the outlet's state after the change. */
export const publishOutletUpserted = (
  deps: IdentityDeps,
  tx: Executor,
  ctx: RequestContext,
  outlet: OutletRecord,
): Promise<void> => publishStates(deps, tx, ctx, 'identity.outlet.upserted.v1', outletUpsertedData, [outlet]);

/** Queues identity.user.upserted.v1 with each membership's state after the change. */
export const publishUserUpserted = (
  deps: IdentityDeps,
  tx: Executor,
  ctx: RequestContext,
  members: MemberRecord[],
): Promise<void> => publishStates(deps, tx, ctx, 'identity.user.upserted.v1', userUpsertedData, members);
