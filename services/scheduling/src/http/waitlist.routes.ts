import { Router } from 'express';
import { schedulingApi } from '@salon/contracts';
import { authenticate, contextOf, parseInput } from '@salon/service-kit';
import type { SchedulingDeps } from '../domain/deps';
import { findDayWaitlist, findMyWaitlist } from '../domain/find-waitlist';
import { joinWaitlist } from '../domain/join-waitlist';
import { leaveWaitlist } from '../domain/leave-waitlist';
import { acceptOffer } from '../domain/accept-waitlist-offer';
import { declineOffer } from '../domain/decline-waitlist-offer';
import { appointmentView } from './appointment.view';
import { waitlistEntryView, waitlistPageView } from './waitlist.view';

/** The slot waitlist: customers join, list and leave theirs; staff read a day's queue. */
export function waitlistRoutes(deps: SchedulingDeps): Router {
  const router = Router();
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const customer = [authenticate(deps.verifier, { allow: ['customer'] }), deps.plans.suspendedGuard()];

  router.post('/customer/waitlist', ...customer, async (req, res) => {
    const body = parseInput(schedulingApi.waitlistJoinBody, req.body, 'body');
    res.status(201).json(waitlistEntryView(await joinWaitlist(deps, contextOf(req), body)));
  });

  router.get('/customer/waitlist', ...customer, async (req, res) => {
    const query = parseInput(schedulingApi.myWaitlistQuery, req.query, 'query');
    res.json(waitlistPageView(await findMyWaitlist(deps, contextOf(req), query)));
  });

  router.delete('/customer/waitlist/:entry_id', ...customer, async (req, res) => {
    const { entry_id } = parseInput(schedulingApi.waitlistEntryPath, req.params, 'path');
    await leaveWaitlist(deps, contextOf(req), entry_id);
    res.status(204).end();
  });

  router.post('/customer/waitlist/offers/:offer_id/accept', ...customer, async (req, res) => {
    const { offer_id } = parseInput(schedulingApi.waitlistOfferPath, req.params, 'path');
    res.status(201).json(appointmentView(await acceptOffer(deps, contextOf(req), offer_id)));
  });

  router.post('/customer/waitlist/offers/:offer_id/decline', ...customer, async (req, res) => {
    const { offer_id } = parseInput(schedulingApi.waitlistOfferPath, req.params, 'path');
    await declineOffer(deps, contextOf(req), offer_id);
    res.status(204).end();
  });

  router.get('/waitlist', ...staff, async (req, res) => {
    const query = parseInput(schedulingApi.waitlistDayQuery, req.query, 'query');
    res.json(waitlistPageView(await findDayWaitlist(deps, contextOf(req), query)));
  });

  return router;
}
