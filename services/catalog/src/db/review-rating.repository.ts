import { sql } from 'drizzle-orm';
import { upsertNewer, type Executor } from '@salon/service-kit';

/** One review of a service as catalog counts it (scheduling owns the review itself). */
export interface ReviewRatingRow {
  review_id: string;
  tenant_id: string;
  service_id: string;
  rating: number;
  counted: boolean;
  version: number;
}

/** Applies a review's state unless a newer (or the same) version is already held; whether it was applied. */
export const upsertReviewRating = (tx: Executor, row: ReviewRatingRow): Promise<boolean> =>
  upsertNewer(tx, 'catalog.review_ratings', 'review_id', row, {
    insertOnly: ['tenant_id', 'service_id'],
  });

/**
 * Recomputes the service's average_rating (two decimals) and rating_count from its counted reviews. Neither the
 * service's version nor updated_at move: ratings are read-only facts beside what the business edits.
 */
export async function refreshServiceRating(tx: Executor, tenantId: string, serviceId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE catalog.services s
        SET average_rating = agg.average, rating_count = agg.count
        FROM (SELECT round(avg(rating), 2) AS average, count(*)::int AS count FROM catalog.review_ratings
              WHERE tenant_id = ${tenantId} AND service_id = ${serviceId} AND counted) agg
        WHERE s.tenant_id = ${tenantId} AND s.id = ${serviceId}`,
  );
}
