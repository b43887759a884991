import { tenantIn, type RequestContext } from '@salon/service-kit';
import { listCredits, type CreditFilters, type CreditRow } from '../db/credit.repository';
import { assertCustomer } from './customer-package-details';
import type { CommerceDeps } from './deps';

/** GET /staff/customer-packages/{customer_id}/credits: the customer's credit rows, filtered. */
export async function findCustomerCredits(
  deps: CommerceDeps,
  ctx: RequestContext,
  { customerId, filters }: { customerId: string; filters: CreditFilters },
): Promise<CreditRow[]> {
  const tenantId = tenantIn(ctx);
  await assertCustomer(deps.db.orm, tenantId, customerId);
  return listCredits(deps.db.orm, tenantId, customerId, filters);
}
