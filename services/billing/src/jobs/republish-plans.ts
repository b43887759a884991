import { originOf } from '@salon/messaging';
import type { RequestContext } from '@salon/service-kit';
import { subscriptionsAfter } from '../db/subscription.repository';
import { PRODUCER, type BillingDeps } from '../domain/deps';
import { publishChanged } from '../domain/events';

/** POST /internal/jobs/republish-plans: every tenant's current snapshot again (same version), for new replicas. */
export async function republishPlans(deps: BillingDeps, ctx: RequestContext): Promise<{ published: number }> {
  let published = 0;
  let after = '';
  for (;;) {
    const page = await subscriptionsAfter(deps.db.orm, after, 500);
    if (page.length === 0) return { published };
    await deps.db.withTx((tx) => publishChanged(deps, tx, page, originOf(ctx, PRODUCER)));
    published += page.length;
    after = page[page.length - 1]!.id;
  }
}
