import type { InboxHandler } from '@salon/messaging';
import { refreshServiceRating, upsertReviewRating } from '../../db/review-rating.repository';

/**
 * scheduling.review.deleted.v1 of a service (its customer's account was deleted): the review stops counting. Its
 * row stays as an uncounted tombstone of the newest version, so a late upsert cannot count it again.
 */
export const onSchedulingReviewDeleted: InboxHandler<'scheduling.review.deleted.v1'> = async (
  data,
  { tx },
) => {
  if (data.subject_type !== 'service') return;
  const applied = await upsertReviewRating(tx, {
    review_id: data.review_id,
    tenant_id: data.tenant_id,
    service_id: data.subject_id,
    rating: 1,
    counted: false,
    version: data.version,
  });
  if (applied) await refreshServiceRating(tx, data.tenant_id, data.subject_id);
};
