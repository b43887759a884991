import { badRequest, conflict, notFound, type Executor } from '@salon/service-kit';
import type { CustomerPackageRow, NewCustomerPackage } from '../db/customer-package.repository';
import { findPackage, type PackageRecord } from '../db/package.repository';
import { findCustomer, tenantOutletIds, type CustomerReplica } from '../db/replica.repository';
import { availableAt } from './package-rules';

/** What the customer's purchase and the staff sale share: what is sold to whom, and the pending package. */

export interface SaleRequest {
  customerId: string;
  packageId: string;
  outletId: string;
}

/** The tenant's customer and an active package of the tenant on sale at one of its outlets (404 / 400 otherwise). */
export async function saleOf(
  executor: Executor,
  tenantId: string,
  { customerId, packageId, outletId }: SaleRequest,
): Promise<{ customer: CustomerReplica; pkg: PackageRecord }> {
  const customer = await findCustomer(executor, tenantId, customerId);
  if (!customer) throw notFound('Customer not found');
  const pkg = await findPackage(executor, tenantId, packageId);
  if (!pkg || pkg.status !== 'active' || !pkg.is_active || pkg.is_deleted)
    throw notFound('Package not found');
  if (!(await tenantOutletIds(executor, tenantId, [outletId])).has(outletId))
    throw badRequest('Invalid outlet ID');
  if (!availableAt(pkg.outlet_ids, outletId)) throw badRequest('Package is not available at this outlet');
  return { customer, pkg };
}

/** The pending_payment row of a sale: the package's name, price, currency and validity frozen on it. */
export const pendingCustomerPackage = (
  id: string,
  customerId: string,
  pkg: PackageRecord,
  sale: {
    outlet_id: string;
    payment_method: string;
    notes?: string | null;
    sold_by: string | null;
    sold_by_staff_id?: string | null;
  },
): NewCustomerPackage => ({
  id,
  customer_id: customerId,
  package_id: pkg.id,
  outlet_id: sale.outlet_id,
  package_name: pkg.name,
  package_price: pkg.package_price,
  payment_method: sale.payment_method,
  currency: pkg.currency,
  validity_days: pkg.validity_days,
  notes: sale.notes ?? null,
  sold_by: sale.sold_by,
  sold_by_staff_id: sale.sold_by_staff_id ?? null,
});

/** A payment (a link, a recorded payment) is only for a package still waiting for it: 409 otherwise. */
export function assertUnpaid(row: CustomerPackageRow): void {
  if (row.payment_status === 'paid' || row.status !== 'pending_payment')
    throw conflict('Package already paid');
}
