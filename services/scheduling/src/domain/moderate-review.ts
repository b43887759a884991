import { assertOutletAccess, forbidden, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { findReview, hideReview, setReviewReply, type ReviewRecord } from '../db/review.repository';
import { staffIn } from './callers';
import type { SchedulingDeps } from './deps';
import { publishReview } from './write-review';

/**
 * PUT /reviews/{id}/reply: the business answers a review (a new reply replaces the old). TENANT_ADMIN and
 * SUPER_ADMIN anywhere, an OUTLET_MANAGER at its outlets, a staff member on reviews of its own work; anyone
 * else 403.
 */
export async function replyToReview(
  deps: SchedulingDeps,
  ctx: RequestContext,
  input: { reviewId: string; reply: string },
): Promise<ReviewRecord> {
  const tenantId = tenantIn(ctx);
  const caller = staffIn(ctx);
  return deps.db.withTx(async (tx) => {
    const current = await findReview(tx, tenantId, input.reviewId, { forUpdate: true });
    if (!current) throw notFound('Review not found');
    if (caller.role === 'OUTLET_MANAGER') assertOutletAccess(ctx, current.outlet_id);
    else if (
      caller.role !== 'TENANT_ADMIN' &&
      caller.role !== 'SUPER_ADMIN' &&
      caller.staffId !== current.staff_id
    ) {
      throw forbidden('Only the staff member reviewed or its manager may reply to this review');
    }
    const review = await setReviewReply(tx, tenantId, current.id, { reply: input.reply, by: caller.userId });
    await publishReview(deps, tx, ctx, review);
    return review;
  });
}

/**
 * PUT /reviews/{id}/hide (TENANT_ADMIN, SUPER_ADMIN): an abusive review is hidden, with who and why. It is kept
 * (its customer still sees it) but no longer public nor counted in the averages. Hiding again changes nothing.
 */
export async function hideReviewAsAbusive(
  deps: SchedulingDeps,
  ctx: RequestContext,
  input: { reviewId: string; reason: string },
): Promise<ReviewRecord> {
  const tenantId = tenantIn(ctx);
  const caller = staffIn(ctx);
  if (caller.role !== 'TENANT_ADMIN' && caller.role !== 'SUPER_ADMIN') {
    throw forbidden('Only a tenant administrator may hide a review');
  }
  return deps.db.withTx(async (tx) => {
    const current = await findReview(tx, tenantId, input.reviewId, { forUpdate: true });
    if (!current) throw notFound('Review not found');
    if (current.hidden_at !== null) return current;
    const review = await hideReview(tx, tenantId, current.id, { reason: input.reason, by: caller.userId });
    await publishReview(deps, tx, ctx, review);
    return review;
  });
}
