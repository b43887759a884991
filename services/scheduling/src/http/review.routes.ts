import { Router } from 'express';
import { schedulingApi } from '@salon/contracts';
import { authenticate, contextOf, parseInput, requireRoles, sendCacheable } from '@salon/service-kit';
import type { SchedulingDeps } from '../domain/deps';
import { findMyReviews, findPublicReviews, findReviews } from '../domain/find-reviews';
import { hideReviewAsAbusive, replyToReview } from '../domain/moderate-review';
import { editReview, writeReview } from '../domain/write-review';
import { publicReviewView, reviewPageView, reviewView } from './review.view';

/** Reviews: customers write and edit theirs, staff read, reply and hide, the public booking pages read. */
export function reviewRoutes(deps: SchedulingDeps): Router {
  const router = Router();
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const customer = [authenticate(deps.verifier, { allow: ['customer'] }), deps.plans.suspendedGuard()];
  const admins = [...staff, requireRoles('SUPER_ADMIN', 'TENANT_ADMIN')];

  router.post('/customer/appointments/:appointment_id/reviews', ...customer, async (req, res) => {
    const { appointment_id } = parseInput(schedulingApi.reviewAppointmentPath, req.params, 'path');
    const body = parseInput(schedulingApi.reviewCreateBody, req.body, 'body');
    const review = await writeReview(deps, contextOf(req), {
      appointmentId: appointment_id,
      subject: body.service_id
        ? { type: 'service', id: body.service_id }
        : { type: 'staff', id: body.staff_id as string },
      rating: body.rating,
      comment: body.comment || null,
    });
    res.status(201).json(reviewView(review));
  });

  router.get('/customer/reviews', ...customer, async (req, res) => {
    const page = parseInput(schedulingApi.publicReviewQuery, req.query, 'query');
    res.json(reviewPageView(await findMyReviews(deps, contextOf(req), page), reviewView));
  });

  router.put('/customer/reviews/:review_id', ...customer, async (req, res) => {
    const { review_id } = parseInput(schedulingApi.reviewPath, req.params, 'path');
    const body = parseInput(schedulingApi.reviewUpdateBody, req.body, 'body');
    const review = await editReview(deps, contextOf(req), {
      reviewId: review_id,
      rating: body.rating,
      comment: body.comment || null,
    });
    res.json(reviewView(review));
  });

  router.get('/reviews', ...staff, async (req, res) => {
    const query = parseInput(schedulingApi.reviewListQuery, req.query, 'query');
    res.json(reviewPageView(await findReviews(deps, contextOf(req), query), reviewView));
  });

  router.put('/reviews/:review_id/reply', ...staff, async (req, res) => {
    const { review_id } = parseInput(schedulingApi.reviewPath, req.params, 'path');
    const { reply } = parseInput(schedulingApi.reviewReplyBody, req.body, 'body');
    res.json(reviewView(await replyToReview(deps, contextOf(req), { reviewId: review_id, reply })));
  });

  router.put('/reviews/:review_id/hide', ...admins, async (req, res) => {
    const { review_id } = parseInput(schedulingApi.reviewPath, req.params, 'path');
    const { reason } = parseInput(schedulingApi.reviewHideBody, req.body, 'body');
    res.json(reviewView(await hideReviewAsAbusive(deps, contextOf(req), { reviewId: review_id, reason })));
  });

  router.get('/public/tenants/:slug/services/:service_id/reviews', async (req, res) => {
    const { slug, service_id } = parseInput(schedulingApi.publicServiceReviewsPath, req.params, 'path');
    const page = parseInput(schedulingApi.publicReviewQuery, req.query, 'query');
    const reviews = await findPublicReviews(
      deps,
      { slug, subject: { type: 'service', id: service_id } },
      page,
    );
    sendCacheable(req, res, reviewPageView(reviews, publicReviewView));
  });

  router.get('/public/tenants/:slug/staff/:staff_id/reviews', async (req, res) => {
    const { slug, staff_id } = parseInput(schedulingApi.publicStaffReviewsPath, req.params, 'path');
    const page = parseInput(schedulingApi.publicReviewQuery, req.query, 'query');
    const reviews = await findPublicReviews(deps, { slug, subject: { type: 'staff', id: staff_id } }, page);
    sendCacheable(req, res, reviewPageView(reviews, publicReviewView));
  });

  return router;
}
