import type { RequestContext } from '@salon/service-kit';
import type { CustomerRecord } from '../db/customer.repository';
import { reachableCustomer } from './customer-access';
import type { IdentityDeps } from './deps';

/** GET /customers/{id} (staff). */
export const getCustomer = (
  deps: IdentityDeps,
  ctx: RequestContext,
  { customerId }: { customerId: string },
): Promise<CustomerRecord> => reachableCustomer(deps.db.orm, ctx, customerId);
