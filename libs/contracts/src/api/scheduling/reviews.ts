import { z } from 'zod';
import { REVIEW_SUBJECT_TYPES } from '../../events/scheduling';
import { objectId, pageQuerySchema, pagedSchema } from '../../http';
import { timestamp } from './fields';

/** Reviews (issue 22 item 4): a customer's rating of a service or a staff member of a completed appointment. */

const rating = z.int().min(1).max(5).meta({ description: '1 (poor) to 5 (excellent)' });
const comment = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .meta({ description: 'Optional text, up to 1,000 characters' });

/** POST /customer/appointments/{id}/reviews: rates one service or one staff member of the appointment. */
export const reviewCreateBody = z
  .object({
    service_id: objectId.optional().meta({ description: 'The service rated (or staff_id)' }),
    staff_id: objectId.optional().meta({ description: 'The staff member rated (or service_id)' }),
    rating,
    comment,
  })
  .refine((body) => (body.service_id === undefined) !== (body.staff_id === undefined), {
    error: 'Give exactly one of service_id and staff_id',
    path: ['service_id'],
  })
  .meta({
    examples: [{ service_id: '65f1c0ffee0000000000aa01', rating: 5, comment: 'Lovely cut, on time' }],
  });

/** PUT /customer/reviews/{id}: a new rating and text, within 7 days of writing the review. */
export const reviewUpdateBody = z.object({ rating, comment });

/** PUT /reviews/{id}/reply: the business's answer (replaces an earlier one). */
export const reviewReplyBody = z.object({ reply: z.string().trim().min(1).max(1000) });

/** PUT /reviews/{id}/hide: why an abusive review is hidden (kept, no longer shown nor counted). */
export const reviewHideBody = z.object({ reason: z.string().trim().min(1).max(500) });

export const reviewPath = z.object({ review_id: objectId });
export const reviewAppointmentPath = z.object({ appointment_id: objectId });
export const publicServiceReviewsPath = z.object({ slug: z.string().min(1).max(100), service_id: objectId });
export const publicStaffReviewsPath = z.object({ slug: z.string().min(1).max(100), staff_id: objectId });

export const reviewListQuery = pageQuerySchema().extend({
  service_id: objectId.optional(),
  staff_id: objectId.optional(),
  outlet_id: objectId.optional(),
  status: z
    .enum(['visible', 'hidden'])
    .optional()
    .meta({ description: 'Only visible or only hidden reviews' }),
});
export const publicReviewQuery = pageQuerySchema();

/** A review as its customer and the business see it. */
export const review = z.strictObject({
  id: objectId,
  appointment_id: objectId,
  outlet_id: objectId,
  subject_type: z.enum(REVIEW_SUBJECT_TYPES),
  subject_id: objectId,
  staff_id: objectId.meta({ description: 'The staff member who served (the subject of a staff review)' }),
  author_name: z.string(),
  rating: z.int(),
  comment: z.string().nullable(),
  reply: z.string().nullable(),
  replied_at: timestamp.nullable(),
  status: z.enum(['visible', 'hidden']),
  hidden_at: timestamp.nullable(),
  hidden_by: objectId.nullable(),
  hidden_reason: z.string().nullable(),
  editable_until: timestamp,
  created_at: timestamp,
  updated_at: timestamp,
});
export const reviewPage = pagedSchema(review);

/** A visible review on the public booking pages: no customer identifiers. */
export const publicReview = z.strictObject({
  id: objectId,
  author_name: z.string().meta({ description: "The reviewer's first name" }),
  rating: z.int(),
  comment: z.string().nullable(),
  reply: z.string().nullable(),
  replied_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export const publicReviewPage = pagedSchema(publicReview);
