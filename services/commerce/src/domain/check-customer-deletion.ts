import type { RequestContext } from '@salon/service-kit';
import { countOpenPayments } from '../db/payment.repository';
import type { CommerceDeps } from './deps';

/** Identity's pre-check before deleting a customer: how many of their payments are still open. */
export async function checkCustomerDeletion(
  deps: CommerceDeps,
  _ctx: RequestContext,
  { tenantId, customerId }: { tenantId: string; customerId: string },
): Promise<{ openPayments: number }> {
  return { openPayments: await countOpenPayments(deps.db.orm, tenantId, customerId) };
}
