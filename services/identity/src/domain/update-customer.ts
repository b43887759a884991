import { rethrowUnique, type RequestContext } from '@salon/service-kit';
import {
  lockTenantCustomers,
  updateCustomer,
  type CustomerChanges,
  type CustomerProfileColumn,
  type CustomerRecord,
} from '../db/customer.repository';
import { deleteVerificationCode } from '../db/customer-session.repository';
import { reachableCustomer } from './customer-access';
import { CUSTOMER_UNIQUE_FIELDS, assertContactFree, requestVerification } from './customer-creation';
import { STAFF_CREATED_TAG } from './customer-rules';
import { endCustomerSessions } from './end-sessions';
import type { IdentityDeps } from './deps';
import { tenantPhone } from './phone-region';
import { publishCustomerUpdated } from './events';

export type StaffCustomerChange = Pick<CustomerChanges, CustomerProfileColumn | 'is_active'> & {
  tags?: string[];
};

/**
 * PUT /customers/{id}: partial; tags replace the list but staff-created stays; a new contact is unverified, and
 * a new phone gets a new verification code (a removed one loses its code), a new e-mail loses the old code.
 */
export async function updateCustomerByStaff(
  deps: IdentityDeps,
  ctx: RequestContext,
  { customerId, change: typed }: { customerId: string; change: StaffCustomerChange },
): Promise<CustomerRecord> {
  try {
    return await deps.db.withTx(async (tx) => {
      const current = await reachableCustomer(tx, ctx, customerId);
      await lockTenantCustomers(tx, current.tenant_id);
      const change = { ...typed, phone: await tenantPhone(tx, current.tenant_id, typed.phone) };
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
      if (change.is_active === false) await endCustomerSessions(tx, customer.id, 'security');
      await publishCustomerUpdated(deps, tx, ctx, customer);
      if (phoneChanged)
        await (customer.phone === null
          ? deleteVerificationCode(tx, customer.id, 'phone')
          : requestVerification(deps, tx, ctx, customer, 'phone', 'phone_changed'));
      // A code sent to the previous address must not verify the new one; the customer asks for a new code.
      if (emailChanged) await deleteVerificationCode(tx, customer.id, 'email');
      return customer;
    });
  } catch (error) {
    rethrowUnique(error, CUSTOMER_UNIQUE_FIELDS);
  }
}
