import { newEvent } from '@salon/messaging';
import { forbidden, notFound, rethrowUnique, type Executor, type StaffAuth } from '@salon/service-kit';
import { insertAuditEntry } from '../db/audit.repository';
import {
  deleteCustomer,
  findCustomerById,
  lockTenantCustomers,
  updateCustomer,
  type CustomerChanges,
  type CustomerRecord,
} from '../db/customer.repository';
import { invalidateSessionsOf } from '../db/customer-session.repository';
import { assertOutletsUsable } from './customer-account';
import { CUSTOMER_UNIQUE_FIELDS, assertContactFree, createCustomer } from './create-customer';
import {
  STAFF_CREATED_TAG,
  applyStaffPreferences,
  staffDefaults,
  type StaffPreferencesChange,
} from './customer-rules';
import { PRODUCER, type IdentityDeps } from './deps';
import { publishCustomerUpdated } from './events';
import { hashPassword } from './passwords';

/**
 * A customer as staff may reach it: missing → 404; another tenant's → 403 (the spec's rule for customers);
 * SUPER_ADMIN reaches every tenant's. Soft-deleted customers stay readable by staff.
 */
async function reachableCustomer(
  executor: Executor,
  auth: StaffAuth,
  customerId: string,
  { forUpdate = false } = {},
): Promise<CustomerRecord> {
  const customer = await findCustomerById(executor, customerId, { forUpdate });
  if (!customer) throw notFound('Customer not found');
  if (auth.role !== 'SUPER_ADMIN' && customer.tenant_id !== auth.tenantId)
    throw forbidden('Customer belongs to another tenant');
  return customer;
}

export const getCustomerForStaff = (deps: IdentityDeps, auth: StaffAuth, customerId: string) =>
  reachableCustomer(deps.db.orm, auth, customerId);

export interface StaffCustomerInput {
  email?: string;
  phone?: string;
  first_name: string;
  last_name?: string;
  date_of_birth?: string;
  gender?: 'male' | 'female' | 'other';
  address?: string;
  avatar_url?: string;
  password?: string;
  tags?: string[];
  is_active: boolean;
  preferences?: StaffPreferencesChange;
}

/** POST /customers: tagged staff-created; a password gives portal access, none makes a walk-in customer. */
export async function createCustomerByStaff(
  deps: IdentityDeps,
  tenantId: string,
  input: StaffCustomerInput,
  correlationId?: string,
): Promise<CustomerRecord> {
  if (input.preferences?.preferred_outlets)
    await assertOutletsUsable(deps.db.orm, tenantId, input.preferences.preferred_outlets);
  const { customer } = await createCustomer(
    deps,
    {
      tenant_id: tenantId,
      email: input.email ?? null,
      phone: input.phone ?? null,
      password_hash: input.password ? await hashPassword(input.password) : null,
      first_name: input.first_name,
      last_name: input.last_name ?? null,
      date_of_birth: input.date_of_birth ?? null,
      gender: input.gender ?? null,
      address: input.address ?? null,
      avatar_url: input.avatar_url ?? null,
      tags: [...new Set([...(input.tags ?? []), STAFF_CREATED_TAG])],
      is_active: input.is_active,
      preferences: applyStaffPreferences(staffDefaults(), input.preferences ?? {}),
    },
    'staff',
    correlationId,
  );
  return customer;
}

export type StaffCustomerChange = Pick<
  CustomerChanges,
  | 'email'
  | 'phone'
  | 'first_name'
  | 'last_name'
  | 'date_of_birth'
  | 'gender'
  | 'address'
  | 'avatar_url'
  | 'is_active'
> & { tags?: string[] };

/** PUT /customers/{id}: partial; tags replace the list but staff-created stays; a new contact is unverified. */
export async function updateCustomerByStaff(
  deps: IdentityDeps,
  auth: StaffAuth,
  customerId: string,
  change: StaffCustomerChange,
  correlationId?: string,
): Promise<CustomerRecord> {
  try {
    return await deps.db.withTx(async (tx) => {
      const current = await reachableCustomer(tx, auth, customerId);
      await lockTenantCustomers(tx, current.tenant_id);
      const emailChanged = change.email !== undefined && change.email !== current.email;
      const phoneChanged = change.phone !== undefined && change.phone !== current.phone;
      if (!current.is_deleted && (emailChanged || phoneChanged))
        await assertContactFree(
          tx,
          current.tenant_id,
          { email: emailChanged ? change.email : null, phone: phoneChanged ? change.phone : null },
          current.id,
        );
      const keepsTag = current.tags.includes(STAFF_CREATED_TAG);
      const customer = await updateCustomer(tx, current.id, {
        ...change,
        tags:
          change.tags === undefined
            ? undefined
            : [...new Set([...change.tags, ...(keepsTag ? [STAFF_CREATED_TAG] : [])])],
        ...(emailChanged ? { email_verified: false } : {}),
        ...(phoneChanged ? { phone_verified: false } : {}),
      });
      if (change.is_active === false) await invalidateSessionsOf(tx, customer.id, 'security');
      await publishCustomerUpdated(deps, tx, customer, correlationId);
      return customer;
    });
  } catch (error) {
    rethrowUnique(error, CUSTOMER_UNIQUE_FIELDS);
  }
}

/** PUT /customers/{id}/preferences (any staff of the tenant). */
export async function updatePreferencesByStaff(
  deps: IdentityDeps,
  auth: StaffAuth,
  customerId: string,
  change: StaffPreferencesChange,
  correlationId?: string,
): Promise<CustomerRecord> {
  return deps.db.withTx(async (tx) => {
    const current = await reachableCustomer(tx, auth, customerId, { forUpdate: true });
    if (change.preferred_outlets) await assertOutletsUsable(tx, current.tenant_id, change.preferred_outlets);
    const customer = await updateCustomer(tx, current.id, {
      preferences: applyStaffPreferences(current.preferences, change),
    });
    await publishCustomerUpdated(deps, tx, customer, correlationId);
    return customer;
  });
}

/**
 * DELETE /customers/{id}: a soft delete (is_deleted, inactive, signed out; e-mail and phone free again) by
 * default; `permanent` removes the record, needs SUPER_ADMIN and tells the owning services to follow.
 */
export async function deleteCustomerByStaff(
  deps: IdentityDeps,
  auth: StaffAuth,
  customerId: string,
  permanent: boolean,
  correlationId?: string,
): Promise<{ message: string }> {
  if (permanent && auth.role !== 'SUPER_ADMIN') throw forbidden('Permanent deletion requires SUPER_ADMIN');
  return deps.db.withTx(async (tx) => {
    const current = await reachableCustomer(tx, auth, customerId, { forUpdate: true });
    const audit = {
      tenant_id: current.tenant_id,
      actor_type: 'staff' as const,
      actor_id: auth.userId,
      entity_type: 'customer',
      entity_id: current.id,
    };
    if (!permanent) {
      if (!current.is_deleted) {
        await invalidateSessionsOf(tx, current.id, 'security');
        const customer = await updateCustomer(tx, current.id, { is_deleted: true, is_active: false });
        await insertAuditEntry(tx, { ...audit, action: 'CUSTOMER_DELETED', details: { permanent: false } });
        await publishCustomerUpdated(deps, tx, customer, correlationId);
      }
      return { message: 'Customer deleted successfully' };
    }
    const deletedAt = new Date().toISOString();
    await deleteCustomer(tx, current.id);
    await insertAuditEntry(tx, {
      ...audit,
      action: 'CUSTOMER_PERMANENTLY_DELETED',
      details: { permanent: true, deletion_timestamp: deletedAt },
    });
    await deps.store.enqueue(tx, [
      newEvent(
        'identity.customer.deleted.v1',
        {
          customer_id: current.id,
          tenant_id: current.tenant_id,
          reason: 'permanent_delete_by_staff',
          gdpr_deletion: false,
          deleted_at: deletedAt,
        },
        { producer: PRODUCER, tenantId: current.tenant_id, correlationId },
      ),
    ]);
    return { message: 'Customer permanently deleted' };
  });
}
