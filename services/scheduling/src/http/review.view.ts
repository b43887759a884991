import type { Paged } from '@salon/service-kit';
import type { ReviewRecord } from '../db/review.repository';

/** A review as its customer and the business see it. */
export const reviewView = (review: ReviewRecord) => ({
  id: review.id,
  appointment_id: review.appointment_id,
  outlet_id: review.outlet_id,
  subject_type: review.subject_type,
  subject_id: review.subject_id,
  staff_id: review.staff_id,
  author_name: review.author_name,
  rating: review.rating,
  comment: review.comment,
  reply: review.reply,
  replied_at: review.replied_at,
  status: review.hidden_at === null ? ('visible' as const) : ('hidden' as const),
  hidden_at: review.hidden_at,
  hidden_by: review.hidden_by,
  hidden_reason: review.hidden_reason,
  editable_until: review.editable_until,
  created_at: review.created_at,
  updated_at: review.updated_at,
});

/** A visible review on the public pages: the first name, the rating, the text and the business's reply. */
export const publicReviewView = (review: ReviewRecord) => ({
  id: review.id,
  author_name: review.author_name,
  rating: review.rating,
  comment: review.comment,
  reply: review.reply,
  replied_at: review.replied_at,
  created_at: review.created_at,
  updated_at: review.updated_at,
});

export const reviewPageView = <T>(page: Paged<ReviewRecord>, view: (review: ReviewRecord) => T) => ({
  ...page,
  items: page.items.map(view),
});
