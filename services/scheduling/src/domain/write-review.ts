import { newEvent, originOf } from '@salon/messaging';
import {
  conflict,
  forbidden,
  invalidField,
  newId,
  notFound,
  tenantIn,
  uniqueViolation,
  type Executor,
  type RequestContext,
} from '@salon/service-kit';
import { findAppointment } from '../db/appointment.repository';
import {
  findReview,
  insertReview,
  isEditable,
  refreshStaffRating,
  updateReviewRating,
  type ReviewRecord,
  type ReviewSubject,
} from '../db/review.repository';
import { PRODUCER, type SchedulingDeps } from './deps';
import { reviewUpsertedData } from './events';
import { authorNameOf, REVIEW_EDIT_DAYS, servingStaffOf } from './review-rules';

function customerOf(ctx: RequestContext): string {
  if (ctx.caller?.kind !== 'customer') throw forbidden('Insufficient permissions');
  return ctx.caller.customerId;
}

/** The review's new state to its rated thing's owner, and the staff member's own average when a staff member. */
export async function publishReview(
  deps: SchedulingDeps,
  tx: Executor,
  ctx: RequestContext,
  review: ReviewRecord,
): Promise<void> {
  if (review.subject_type === 'staff') await refreshStaffRating(tx, review.tenant_id, review.subject_id);
  await deps.store.enqueue(tx, [
    newEvent('scheduling.review.upserted.v1', reviewUpsertedData(review), originOf(ctx, PRODUCER)),
  ]);
}

/**
 * POST /customer/appointments/{id}/reviews: the appointment's customer rates one of its services or staff
 * members, once, after the appointment is completed. Another customer's appointment is 404; one not completed
 * 409; a service or staff member not on it 422; a second review of the same one 409.
 */
export async function writeReview(
  deps: SchedulingDeps,
  ctx: RequestContext,
  input: { appointmentId: string; subject: ReviewSubject; rating: number; comment: string | null },
): Promise<ReviewRecord> {
  const tenantId = tenantIn(ctx);
  const customerId = customerOf(ctx);
  return deps.db.withTx(async (tx) => {
    const appointment = await findAppointment(tx, tenantId, input.appointmentId);
    if (!appointment || appointment.customer_id !== customerId) throw notFound('Appointment not found');
    if (appointment.status !== 'completed') {
      throw conflict(`Only a completed appointment can be reviewed; this one is ${appointment.status}`);
    }
    const staffId = servingStaffOf(appointment, input.subject);
    if (!staffId) {
      const field = input.subject.type === 'service' ? 'service_id' : 'staff_id';
      throw invalidField(['body', field], `The appointment has no such ${input.subject.type}`);
    }
    let review: ReviewRecord;
    try {
      review = await insertReview(tx, {
        id: newId(),
        tenantId,
        appointmentId: appointment.id,
        outletId: appointment.outlet_id,
        customerId,
        authorName: authorNameOf(appointment.customer_name),
        subject: input.subject,
        staffId,
        rating: input.rating,
        comment: input.comment,
        editableDays: REVIEW_EDIT_DAYS,
      });
    } catch (error) {
      if (uniqueViolation(error) === 'reviews_once_key') {
        throw conflict(`This ${input.subject.type} of the appointment has already been reviewed`);
      }
      throw error;
    }
    await publishReview(deps, tx, ctx, review);
    return review;
  });
}

/**
 * PUT /customer/reviews/{id}: the customer changes its rating and text within 7 days of writing the review; the
 * new rating replaces the old one in the averages. A hidden review stays as the business hid it (409).
 */
export async function editReview(
  deps: SchedulingDeps,
  ctx: RequestContext,
  input: { reviewId: string; rating: number; comment: string | null },
): Promise<ReviewRecord> {
  const tenantId = tenantIn(ctx);
  const customerId = customerOf(ctx);
  return deps.db.withTx(async (tx) => {
    const current = await findReview(tx, tenantId, input.reviewId, { forUpdate: true });
    if (!current || current.customer_id !== customerId) throw notFound('Review not found');
    if (!(await isEditable(tx, tenantId, current.id))) {
      throw conflict(`A review can be changed only within ${REVIEW_EDIT_DAYS} days of writing it`);
    }
    if (current.hidden_at !== null) throw conflict('This review was hidden by the business');
    const review = await updateReviewRating(tx, tenantId, current.id, input);
    await publishReview(deps, tx, ctx, review);
    return review;
  });
}
