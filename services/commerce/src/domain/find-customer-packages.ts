import { tenantIn, type RequestContext } from '@salon/service-kit';
import { listCustomerPackages } from '../db/customer-package.repository';
import { ownCustomerOf } from './callers';
import { assertCustomer, withDetails, type CustomerPackageRecord } from './customer-package-details';
import type { CommerceDeps } from './deps';

export interface FindCustomerPackagesInput {
  /** Staff: one customer's packages (404 for a customer not of the tenant); a customer sees only their own. */
  customerId?: string;
  status?: string;
  page: { offset: number; limit: number };
  includeDetails: boolean;
}

/** GET /staff/customer-packages and GET /customer/packages: one page, newest first, with details if asked. */
export async function findCustomerPackages(
  deps: CommerceDeps,
  ctx: RequestContext,
  input: FindCustomerPackagesInput,
): Promise<{ items: CustomerPackageRecord[]; total: number }> {
  const tenantId = tenantIn(ctx);
  const own = ownCustomerOf(ctx);
  const customerId = own ?? input.customerId;
  if (own === undefined && customerId) await assertCustomer(deps.db.orm, tenantId, customerId);
  const { items, total } = await listCustomerPackages(
    deps.db.orm,
    tenantId,
    { customerId, status: input.status },
    input.page,
  );
  return {
    items: input.includeDetails ? await withDetails(deps.db.orm, items) : items.map((row) => ({ row })),
    total,
  };
}
