import type { CustomerUpdatedV1, OutletUpsertedV1, TenantUpdatedV1, UserUpsertedV1 } from '@salon/contracts';
import { newEvent, originOf } from '@salon/messaging';
import type { Executor, RequestContext } from '@salon/service-kit';
import type { CustomerRecord } from '../db/customer.repository';
import type { OutletRecord } from '../db/outlet.repository';
import type { TenantRecord } from '../db/tenant.repository';
import type { MemberRecord } from '../db/user.repository';
import { PRODUCER, type IdentityDeps } from './deps';

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
  tenant_id: outlet.tenant_id,
  name: outlet.name,
  slug: outlet.slug,
  address: outlet.address,
  phone: outlet.phone,
  timezone: outlet.timezone,
  business_hours: outlet.business_hours,
  is_active: outlet.is_active,
  updated_at: outlet.updated_at,
  version: outlet.version,
});

export const customerUpdatedData = (customer: CustomerRecord): CustomerUpdatedV1 => ({
  customer_id: customer.id,
  tenant_id: customer.tenant_id,
  email: customer.email,
  phone: customer.phone,
  first_name: customer.first_name,
  last_name: customer.last_name,
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
  email: member.email,
  first_name: member.first_name,
  last_name: member.last_name,
  role: member.role,
  outlet_ids: member.outlet_ids,
  staff_id: member.staff_id,
  is_active: member.is_active,
  version: member.version,
});

/** Queues identity.customer.updated.v1 with the customer's state after the change. */
export async function publishCustomerUpdated(
  deps: IdentityDeps,
  tx: Executor,
  ctx: RequestContext,
  customer: CustomerRecord,
): Promise<void> {
  await deps.store.enqueue(tx, [
    newEvent(
      'identity.customer.updated.v1',
      customerUpdatedData(customer),
      originOf(ctx, PRODUCER, customer.tenant_id),
    ),
  ]);
}

/** Queues identity.outlet.upserted.v1 with the outlet's state after the change. */
export async function publishOutletUpserted(
  deps: IdentityDeps,
  tx: Executor,
  ctx: RequestContext,
  outlet: OutletRecord,
): Promise<void> {
  await deps.store.enqueue(tx, [
    newEvent(
      'identity.outlet.upserted.v1',
      outletUpsertedData(outlet),
      originOf(ctx, PRODUCER, outlet.tenant_id),
    ),
  ]);
}

/** Queues identity.user.upserted.v1 with each membership's state after the change. */
export async function publishUserUpserted(
  deps: IdentityDeps,
  tx: Executor,
  ctx: RequestContext,
  members: MemberRecord[],
): Promise<void> {
  if (members.length === 0) return;
  await deps.store.enqueue(
    tx,
    members.map((member) =>
      newEvent(
        'identity.user.upserted.v1',
        userUpsertedData(member),
        originOf(ctx, PRODUCER, member.tenant_id),
      ),
    ),
  );
}
