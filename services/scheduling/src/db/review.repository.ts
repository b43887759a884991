import { sql, type SQL } from 'drizzle-orm';
import type { ReviewSubjectType } from '@salon/contracts';
import { idArray, isoOf, selectRows, type Executor } from '@salon/service-kit';

export interface ReviewRecord {
  id: string;
  tenant_id: string;
  appointment_id: string;
  outlet_id: string;
  customer_id: string;
  author_name: string;
  subject_type: ReviewSubjectType;
  subject_id: string;
  staff_id: string;
  rating: number;
  comment: string | null;
  reply: string | null;
  replied_at: string | null;
  replied_by: string | null;
  hidden_at: string | null;
  hidden_by: string | null;
  hidden_reason: string | null;
  editable_until: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface ReviewSubject {
  type: ReviewSubjectType;
  id: string;
}

const columns = sql`r.id, r.tenant_id, r.appointment_id, r.outlet_id, r.customer_id, r.author_name, r.subject_type,
  r.subject_id, r.staff_id, r.rating::int AS rating, r.comment, r.reply, ${isoOf(sql`r.replied_at`)} AS replied_at,
  r.replied_by, ${isoOf(sql`r.hidden_at`)} AS hidden_at, r.hidden_by, r.hidden_reason,
  ${isoOf(sql`r.editable_until`)} AS editable_until, r.version, ${isoOf(sql`r.created_at`)} AS created_at,
  ${isoOf(sql`r.updated_at`)} AS updated_at`;

export async function insertReview(
  tx: Executor,
  review: {
    id: string;
    tenantId: string;
    appointmentId: string;
    outletId: string;
    customerId: string;
    authorName: string;
    subject: ReviewSubject;
    staffId: string;
    rating: number;
    comment: string | null;
    editableDays: number;
  },
): Promise<ReviewRecord> {
  const [row] = await selectRows<ReviewRecord>(
    tx,
    sql`INSERT INTO scheduling.reviews AS r
          (id, tenant_id, appointment_id, outlet_id, customer_id, author_name, subject_type, subject_id, staff_id,
           rating, comment, editable_until)
        VALUES (${review.id}, ${review.tenantId}, ${review.appointmentId}, ${review.outletId}, ${review.customerId},
          ${review.authorName}, ${review.subject.type}, ${review.subject.id}, ${review.staffId}, ${review.rating},
          ${review.comment}, now() + make_interval(days => ${review.editableDays}))
        RETURNING ${columns}`,
  );
  return row as ReviewRecord;
}

export async function findReview(
  executor: Executor,
  tenantId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ReviewRecord | undefined> {
  const [row] = await selectRows<ReviewRecord>(
    executor,
    sql`SELECT ${columns} FROM scheduling.reviews r WHERE r.tenant_id = ${tenantId} AND r.id = ${id}
        ${options.forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

/** Whether the review's edit window is still open (the database's clock, as the window was set by it). */
export async function isEditable(executor: Executor, tenantId: string, id: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    executor,
    sql`SELECT id FROM scheduling.reviews WHERE tenant_id = ${tenantId} AND id = ${id} AND editable_until > now()`,
  );
  return rows.length > 0;
}

const change = async (tx: Executor, tenantId: string, id: string, set: SQL): Promise<ReviewRecord> => {
  const [row] = await selectRows<ReviewRecord>(
    tx,
    sql`UPDATE scheduling.reviews AS r SET ${set}, version = r.version + 1, updated_at = now()
        WHERE r.tenant_id = ${tenantId} AND r.id = ${id}
        RETURNING ${columns}`,
  );
  return row as ReviewRecord;
};

export const updateReviewRating = (
  tx: Executor,
  tenantId: string,
  id: string,
  { rating, comment }: { rating: number; comment: string | null },
): Promise<ReviewRecord> => change(tx, tenantId, id, sql`rating = ${rating}, comment = ${comment}`);

export const setReviewReply = (
  tx: Executor,
  tenantId: string,
  id: string,
  { reply, by }: { reply: string; by: string },
): Promise<ReviewRecord> =>
  change(tx, tenantId, id, sql`reply = ${reply}, replied_at = now(), replied_by = ${by}`);

export const hideReview = (
  tx: Executor,
  tenantId: string,
  id: string,
  { reason, by }: { reason: string; by: string },
): Promise<ReviewRecord> =>
  change(tx, tenantId, id, sql`hidden_at = now(), hidden_by = ${by}, hidden_reason = ${reason}`);

export interface ReviewFilter {
  customerId?: string;
  subject?: ReviewSubject;
  serviceId?: string;
  staffId?: string;
  /** The outlets the caller may see; undefined: all of the tenant's. */
  outletIds?: readonly string[];
  status?: 'visible' | 'hidden';
}

/** A page of the tenant's reviews, newest first. */
export async function listReviews(
  executor: Executor,
  tenantId: string,
  filter: ReviewFilter,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ items: ReviewRecord[]; total: number }> {
  const conditions: SQL[] = [sql`r.tenant_id = ${tenantId}`];
  if (filter.customerId) conditions.push(sql`r.customer_id = ${filter.customerId}`);
  if (filter.subject) {
    conditions.push(sql`r.subject_type = ${filter.subject.type} AND r.subject_id = ${filter.subject.id}`);
  }
  if (filter.serviceId)
    conditions.push(sql`r.subject_type = 'service' AND r.subject_id = ${filter.serviceId}`);
  if (filter.staffId) conditions.push(sql`r.staff_id = ${filter.staffId}`);
  if (filter.outletIds) conditions.push(sql`r.outlet_id = ANY(${idArray(filter.outletIds)})`);
  if (filter.status === 'visible') conditions.push(sql`r.hidden_at IS NULL`);
  if (filter.status === 'hidden') conditions.push(sql`r.hidden_at IS NOT NULL`);
  const where = sql.join(conditions, sql` AND `);
  const [count] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM scheduling.reviews r WHERE ${where}`,
  );
  const items = await selectRows<ReviewRecord>(
    executor,
    sql`SELECT ${columns} FROM scheduling.reviews r WHERE ${where}
        ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  return { items, total: count?.total ?? 0 };
}

/** Deletes the customer's reviews (account deletion); what was deleted. */
export async function deleteCustomerReviews(
  tx: Executor,
  tenantId: string,
  customerId: string,
): Promise<ReviewRecord[]> {
  return selectRows<ReviewRecord>(
    tx,
    sql`DELETE FROM scheduling.reviews AS r WHERE r.tenant_id = ${tenantId} AND r.customer_id = ${customerId}
        RETURNING ${columns}`,
  );
}

/**
 * Recomputes a staff member's average_rating and rating_count from its visible staff reviews (the reviews live
 * beside the staff members, so the roll-up is part of the review's own transaction and is never incremented).
 */
export async function refreshStaffRating(tx: Executor, tenantId: string, staffId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE scheduling.staff s
        SET average_rating = agg.average, rating_count = agg.count
        FROM (SELECT round(avg(rating), 2) AS average, count(*)::int AS count FROM scheduling.reviews
              WHERE tenant_id = ${tenantId} AND subject_type = 'staff' AND subject_id = ${staffId}
                AND hidden_at IS NULL) agg
        WHERE s.tenant_id = ${tenantId} AND s.id = ${staffId}`,
  );
}
