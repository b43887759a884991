import type { InboxHandler } from '@salon/messaging';
import { refreshServiceRating, upsertReviewRating } from '../../db/review-rating.repository';

/**
 * scheduling.review.upserted.v1 of a service: the review's rating (counted unless hidden) replaces what catalog
 * held for it when newer, and the service's average and count are recomputed. Staff reviews are scheduling's.
 */
export const onSchedulingReviewUpserted: InboxHandler<'scheduling.review.upserted.v1'> = async (
  data,
  { tx },
) => {
  if (data.subject_type !== 'service') return;
  const applied = await upsertReviewRating(tx, {
    review_id: data.review_id,
    tenant_id: data.tenant_id,
    service_id: data.subject_id,
    rating: data.rating,
    counted: data.counted,
    version: data.version,
  });
  if (applied) await refreshServiceRating(tx, data.tenant_id, data.subject_id);
};
