import type { RequestContext } from '@salon/service-kit';
import type { CustomerRecord } from '../db/customer.repository';
import { currentCustomer } from './customer-access';
import type { IdentityDeps } from './deps';

/** GET /customers/profile and /customers/preferences: the signed-in customer. */
export const getOwnCustomer = (deps: IdentityDeps, ctx: RequestContext): Promise<CustomerRecord> =>
  currentCustomer(deps.db.orm, ctx);
