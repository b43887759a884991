import { tenantIn, type RequestContext } from '@salon/service-kit';
import {
  listCustomers as selectCustomers,
  type CustomerFilters,
  type CustomerRecord,
} from '../db/customer.repository';
import type { IdentityDeps } from './deps';

/** GET /customers (staff): a page of the tenant's customers. */
export async function listCustomers(
  deps: IdentityDeps,
  ctx: RequestContext,
  { filters, page }: { filters: CustomerFilters; page: { offset: number; limit: number } },
): Promise<{ items: CustomerRecord[]; total: number }> {
  return selectCustomers(deps.db.orm, tenantIn(ctx), filters, page);
}
