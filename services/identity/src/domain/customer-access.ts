import { badRequest, forbidden, notFound, type Executor, type RequestContext } from '@salon/service-kit';
import { findCustomer, findCustomerById, type CustomerRecord } from '../db/customer.repository';
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
 * A referenced outlet must exist, be active and belong to the customer's tenant. Staff and services are
 * checked for format only: identity has no replica of the scheduling staff or the catalog services yet.
 */
export async function assertOutletsUsable(executor: Executor, tenantId: string, outletIds: string[]) {
  for (const outletId of outletIds) {
    const outlet = await findOutlet(executor, tenantId, outletId);
    if (!outlet?.is_active) throw badRequest('Invalid outlet ID');
  }
}
