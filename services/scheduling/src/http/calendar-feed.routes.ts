import { Router } from 'express';
import { z } from 'zod';
import { schedulingApi } from '@salon/contracts';
import { authenticate, contextOf, objectId, parseInput } from '@salon/service-kit';
import { customerFeedOwner, staffFeedOwner } from '../domain/calendar-feed-access';
import type { SchedulingDeps } from '../domain/deps';
import {
  createCalendarFeed,
  getCalendarFeed,
  revokeCalendarFeed,
  type OwnerOf,
} from '../domain/manage-calendar-feed';
import { renderCalendarFeed } from '../domain/render-calendar-feed';
import { calendarFeedCreatedView, calendarFeedStatusView, sendCalendar } from './calendar-feed.view';

const staffPath = z.object({ staff_id: objectId });

/** Calendar feeds: links managed by staff (for themselves or their staff) and customers; the feed by its token. */
export function calendarFeedRoutes(deps: SchedulingDeps): Router {
  const router = Router();
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const customer = [authenticate(deps.verifier, { allow: ['customer'] }), deps.plans.suspendedGuard()];

  const links = (path: string, guards: typeof staff, ownerOf: (params: unknown) => OwnerOf) => {
    router.post(path, ...guards, async (req, res) => {
      const { feed, token } = await createCalendarFeed(deps, contextOf(req), ownerOf(req.params));
      res.status(201).json(calendarFeedCreatedView(req, feed, token));
    });
    router.get(path, ...guards, async (req, res) => {
      const { owner, feed } = await getCalendarFeed(deps, contextOf(req), ownerOf(req.params));
      res.json(calendarFeedStatusView(owner, feed));
    });
    router.delete(path, ...guards, async (req, res) => {
      await revokeCalendarFeed(deps, contextOf(req), ownerOf(req.params));
      res.status(204).end();
    });
  };
  links('/staff/:staff_id/calendar-feed', staff, (params) => {
    const { staff_id } = parseInput(staffPath, params, 'path');
    return (d, ctx) => staffFeedOwner(d.db.orm, ctx, staff_id);
  });
  links('/customer/calendar-feed', customer, () => async (_d, ctx) => customerFeedOwner(ctx));

  router.get('/public/calendar-feeds/:feed_token', async (req, res) => {
    const { feed_token } = parseInput(schedulingApi.calendarFeedPath, req.params, 'path');
    sendCalendar(req, res, await renderCalendarFeed(deps, feed_token));
  });
  return router;
}
