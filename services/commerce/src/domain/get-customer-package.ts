import { notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { findCustomerPackage } from '../db/customer-package.repository';
import { ownCustomerOf } from './callers';
import { withDetails, type CustomerPackageRecord } from './customer-package-details';
import type { CommerceDeps } from './deps';

/** GET /customer/packages/{id}: the caller's own package with its details (404 for anyone else's). */
export async function getCustomerPackage(
  deps: CommerceDeps,
  ctx: RequestContext,
  { customerPackageId }: { customerPackageId: string },
): Promise<CustomerPackageRecord> {
  const customerId = ownCustomerOf(ctx);
  const row = await findCustomerPackage(deps.db.orm, tenantIn(ctx), customerPackageId);
  if (!row || (customerId !== undefined && row.customer_id !== customerId))
    throw notFound('Customer package not found');
  const [record] = await withDetails(deps.db.orm, [row]);
  return record as CustomerPackageRecord;
}
