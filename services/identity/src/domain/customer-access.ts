import { badRequest, forbidden, notFound, type Executor, type RequestContext } from '@salon/service-kit';
import { findCustomer, findCustomerById, type CustomerRecord } from '../db/customer.repository';
import { preferableServices, preferableStaff } from '../db/catalog-replica.repository';
import { findOutlet } from '../db/outlet.repository';
import { findTenantBySlug, type TenantRecord } from '../db/tenant.repository';
import { customerIn, staffIn } from './caller';

/** The signed-in customer, or 404 when the record is gone (deleted account) or soft-deleted. */
export async function currentCustomer(
  executor: Executor,
  ctx: RequestContext,
  options: { forUpdate?: boolean } = {},
): Promise<CustomerRecord> {
  const caller = customerIn(ctx);
  const customer = await findCustomer(executor, caller.tenantId, caller.customerId, options);
  if (!customer) throw notFound('Customer not found');
  return customer;
}

/**
 * A customer as staff may reach it: missing → 404; another tenant's → 403 (the spec's rule for customers);
 * SUPER_ADMIN reaches every tenant's. Soft-deleted customers stay readable by staff.
 */
export async function reachableCustomer(
  executor: Executor,
  ctx: RequestContext,
  customerId: string,
  { forUpdate = false } = {},
): Promise<CustomerRecord> {
  const caller = staffIn(ctx);
  const customer = await findCustomerById(executor, customerId, { forUpdate });
  if (!customer) throw notFound('Customer not found');
  if (caller.role !== 'SUPER_ADMIN' && customer.tenant_id !== caller.tenantId)
    throw forbidden('Customer belongs to another tenant');
  return customer;
}

/** A tenant that customers can use: it exists and is active (an inactive one is not found). */
export async function activeTenantBySlug(executor: Executor, slug: string): Promise<TenantRecord> {
  const tenant = await findTenantBySlug(executor, slug);
  if (!tenant?.is_active) throw notFound('Tenant not found');
  return tenant;
}

/**
 * What a customer's preferences name must be the tenant's: active outlets (400 `Invalid outlet ID`), staff
 * members not terminated (400 `Invalid staff IDs`) and services not archived (400 `Invalid service IDs`),
 * read from identity's replicas of scheduling's staff and catalog's services. One just created is known once
 * its event has arrived (usually within a second).
 */
export async function assertPreferencesUsable(
  executor: Executor,
  tenantId: string,
  {
    outletIds = [],
    staffIds = [],
    serviceIds = [],
  }: { outletIds?: string[]; staffIds?: string[]; serviceIds?: string[] },
) {
  for (const outletId of outletIds) {
    const outlet = await findOutlet(executor, tenantId, outletId);
    if (!outlet?.is_active) throw badRequest('Invalid outlet ID');
  }
  if (staffIds.length > 0) {
    const known = await preferableStaff(executor, tenantId, staffIds);
    if (staffIds.some((id) => !known.has(id))) throw badRequest('Invalid staff IDs');
  }
  if (serviceIds.length > 0) {
    const known = await preferableServices(executor, tenantId, serviceIds);
    if (serviceIds.some((id) => !known.has(id))) throw badRequest('Invalid service IDs');
  }
}
