import {
  customerDeletionCheckPath,
  customerDeletionCheckResponse,
  type CustomerPreferences,
} from '@salon/contracts';
import { newEvent } from '@salon/messaging';
import {
  badRequest,
  rethrowUnique,
  serviceUnavailable,
  type CustomerAuth,
  type Executor,
  type InternalClient,
} from '@salon/service-kit';
import { insertAuditEntry } from '../db/audit.repository';
import {
  deleteCustomer,
  lockTenantCustomers,
  updateCustomer,
  type CustomerRecord,
} from '../db/customer.repository';
import { findOutlet } from '../db/outlet.repository';
import { CUSTOMER_UNIQUE_FIELDS, assertContactFree } from './create-customer';
import { currentCustomer } from './customer-auth';
import {
  applyConsent,
  applySelfPreferences,
  type ConsentChange,
  type SelfPreferencesChange,
} from './customer-rules';
import { PRODUCER, type IdentityDeps } from './deps';
import { publishCustomerUpdated } from './events';

export async function getOwnCustomer(deps: IdentityDeps, auth: CustomerAuth): Promise<CustomerRecord> {
  return currentCustomer(deps.db.orm, auth);
}

export interface ProfileChange {
  first_name?: string;
  last_name?: string;
  phone?: string;
  date_of_birth?: string;
  gender?: CustomerRecord['gender'];
}

/** POST /customers/profile: e-mail never changes here; a new phone is unverified and must be free in the tenant. */
export async function updateProfile(
  deps: IdentityDeps,
  auth: CustomerAuth,
  change: ProfileChange,
  correlationId?: string,
): Promise<CustomerRecord> {
  try {
    return await deps.db.withTx(async (tx) => {
      await lockTenantCustomers(tx, auth.tenantId);
      const current = await currentCustomer(tx, auth, { forUpdate: true });
      const phoneChanged = change.phone !== undefined && change.phone !== current.phone;
      if (phoneChanged) await assertContactFree(tx, auth.tenantId, { phone: change.phone }, current.id);
      const customer = await updateCustomer(tx, current.id, {
        ...change,
        ...(phoneChanged ? { phone_verified: false } : {}),
      });
      await publishCustomerUpdated(deps, tx, customer, correlationId);
      return customer;
    });
  } catch (error) {
    rethrowUnique(error, CUSTOMER_UNIQUE_FIELDS);
  }
}

/**
 * A referenced outlet must exist, be active and belong to the customer's tenant. Staff and services are
 * checked for format only: identity has no replica of the scheduling staff or the catalog services yet.
 */
export async function assertOutletsUsable(executor: Executor, tenantId: string, outletIds: string[]) {
  for (const outletId of outletIds) {
    const outlet = await findOutlet(executor, tenantId, outletId);
    if (!outlet?.is_active) throw badRequest('Invalid outlet ID');
  }
}

/** PUT /customers/preferences. */
export async function updateOwnPreferences(
  deps: IdentityDeps,
  auth: CustomerAuth,
  change: SelfPreferencesChange,
  correlationId?: string,
): Promise<CustomerRecord> {
  return deps.db.withTx(async (tx) => {
    const current = await currentCustomer(tx, auth, { forUpdate: true });
    if (change.preferred_outlet_id)
      await assertOutletsUsable(tx, auth.tenantId, [change.preferred_outlet_id]);
    const customer = await updateCustomer(tx, current.id, {
      preferences: applySelfPreferences(current.preferences, change),
    });
    await publishCustomerUpdated(deps, tx, customer, correlationId);
    return customer;
  });
}

export interface ConsentAnswer {
  marketing_consent: boolean;
  data_processing_consent: boolean;
  analytics_consent: boolean;
  communication_preferences: CustomerPreferences['communication'];
  last_updated: string;
  message: string;
}

/** PUT /customers/consent: given or withdrawn at any time; every call writes CUSTOMER_CONSENT_UPDATED. */
export async function updateConsent(
  deps: IdentityDeps,
  auth: CustomerAuth,
  change: ConsentChange,
  correlationId?: string,
): Promise<ConsentAnswer> {
  return deps.db.withTx(async (tx) => {
    const current = await currentCustomer(tx, auth, { forUpdate: true });
    const { preferences, changes } = applyConsent(current.preferences, change);
    const now = new Date().toISOString();
    const customer = await updateCustomer(tx, current.id, { preferences, consent_updated_at: now });
    await insertAuditEntry(tx, {
      tenant_id: auth.tenantId,
      actor_type: 'customer',
      actor_id: auth.customerId,
      action: 'CUSTOMER_CONSENT_UPDATED',
      entity_type: 'customer',
      entity_id: customer.id,
      details: { consent_changes: changes, consent_timestamp: now },
    });
    await publishCustomerUpdated(deps, tx, customer, correlationId);
    return {
      marketing_consent: preferences.marketing_consent,
      data_processing_consent: preferences.data_processing_consent,
      analytics_consent: preferences.analytics_consent,
      communication_preferences: preferences.communication,
      last_updated: now,
      message: 'Consent preferences updated',
    };
  });
}

/** Asks one owning service whether something blocks the deletion; any failure to answer is a 503. */
async function askDeletionCheck(
  client: InternalClient | undefined,
  service: string,
  auth: CustomerAuth,
  requestId: string | undefined,
): Promise<string | null> {
  if (!client) throw serviceUnavailable(`${service} is temporarily unavailable`);
  const response = await client.request('GET', customerDeletionCheckPath(auth.tenantId, auth.customerId), {
    requestId,
  });
  const answer = customerDeletionCheckResponse.safeParse(response.body);
  if (response.status !== 200 || !answer.success)
    throw serviceUnavailable(`${service} is temporarily unavailable`);
  if (!answer.data.blocked) return null;
  return answer.data.reason ?? `Account cannot be deleted while ${service} holds open items`;
}

/**
 * DELETE /customers/account. Fail closed: scheduling (future appointments) and commerce (pending or processing
 * payments) must both answer that nothing blocks, before anything is deleted. Then the record goes (sessions
 * and codes with it), the audit entry is written and identity.customer.deleted.v1 tells each owning service to
 * anonymise or delete its own data.
 */
export async function deleteOwnAccount(deps: IdentityDeps, auth: CustomerAuth, requestId?: string) {
  await currentCustomer(deps.db.orm, auth);
  const [appointments, payments] = await Promise.all([
    askDeletionCheck(deps.deletionChecks.scheduling, 'scheduling', auth, requestId),
    askDeletionCheck(deps.deletionChecks.commerce, 'commerce', auth, requestId),
  ]);
  if (payments) throw badRequest(payments);
  if (appointments) throw badRequest(appointments);

  await deps.db.withTx(async (tx) => {
    const customer = await currentCustomer(tx, auth, { forUpdate: true });
    const deletedAt = new Date().toISOString();
    await deleteCustomer(tx, customer.id);
    await insertAuditEntry(tx, {
      tenant_id: customer.tenant_id,
      actor_type: 'customer',
      actor_id: customer.id,
      action: 'CUSTOMER_ACCOUNT_DELETED',
      entity_type: 'customer',
      entity_id: customer.id,
      details: {
        deletion_timestamp: deletedAt,
        gdpr_deletion: true,
        reason: 'Customer requested account deletion',
      },
    });
    await deps.store.enqueue(tx, [
      newEvent(
        'identity.customer.deleted.v1',
        {
          customer_id: customer.id,
          tenant_id: customer.tenant_id,
          reason: 'account_deletion',
          gdpr_deletion: true,
          deleted_at: deletedAt,
        },
        { producer: PRODUCER, tenantId: customer.tenant_id, correlationId: requestId },
      ),
    ]);
  });
  return { success: true as const, message: 'Your account and personal data have been deleted' };
}
