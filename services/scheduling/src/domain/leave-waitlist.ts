import { conflict, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { findWaitlistEntry, leaveWaitlistEntry } from '../db/waitlist.repository';
import type { SchedulingDeps } from './deps';
import { withdrawOfferOnLeave } from './waitlist-offers';
import { customerIn } from './callers';

/**
 * DELETE /customer/waitlist/{id}: the customer leaves the queue; someone else's entry is 404, a finished one 409. A
 * slot held for the entry goes to the next.
 */
export async function leaveWaitlist(
  deps: SchedulingDeps,
  ctx: RequestContext,
  entryId: string,
): Promise<void> {
  const tenantId = tenantIn(ctx);
  const customerId = customerIn(ctx);
  await deps.db.withTx(async (tx) => {
    const entry = await findWaitlistEntry(tx, tenantId, entryId, { forUpdate: true });
    if (!entry || entry.customer_id !== customerId) throw notFound('Waitlist entry not found');
    if (!(await leaveWaitlistEntry(tx, tenantId, entryId))) {
      throw conflict(`This waitlist entry is ${entry.status}, not waiting`);
    }
    if (entry.offer) await withdrawOfferOnLeave(deps, tx, ctx, entry.offer);
  });
}
