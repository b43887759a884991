import { Router } from 'express';
import { z } from 'zod';
import { schedulingApi } from '@salon/contracts';
import {
  authenticate,
  contextOf,
  objectId,
  offsetOf,
  paged,
  parseInput,
  sendJsonText,
} from '@salon/service-kit';
import { changeAvailability } from '../domain/change-availability';
import { checkAvailability } from '../domain/check-availability';
import { createAvailability } from '../domain/create-availability';
import { createAvailabilityBulk } from '../domain/create-availability-bulk';
import type { SchedulingDeps } from '../domain/deps';
import { listAvailability } from '../domain/list-availability';
import { publicAvailabilityGrid } from '../domain/public-availability-grid';
import { removeAvailability } from '../domain/remove-availability';
import { staffAvailabilityGrid } from '../domain/staff-availability-grid';
import { availabilityView, createdAvailabilityView } from './availability.view';

const {
  availabilityBulkBody: bulkBody,
  availabilityChangeBody: changeBody,
  availabilityCheckQuery: checkQuery,
  availabilityEntryBody: entryBody,
  availabilityListQuery: listQuery,
  gridQuery,
  publicGridQuery,
} = schedulingApi;
const entryPath = z.object({ availability_id: objectId });
const slugPath = z.object({ slug: z.string().min(1).max(100) });

export function availabilityRoutes(deps: SchedulingDeps): Router {
  const router = Router();
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];

  router.get('/availability', ...staff, async (req, res) => {
    const query = parseInput(listQuery, req.query, 'query');
    const { items, total } = await listAvailability(deps, contextOf(req), {
      from: query.start_date,
      to: query.end_date,
      staffId: query.staff_id,
      type: query.availability_type,
      outletId: query.outlet_id,
      page: { offset: offsetOf(query), limit: query.size },
    });
    res.json(paged(items.map(availabilityView), total, query));
  });

  router.post('/availability', ...staff, async (req, res) => {
    const body = parseInput(entryBody, req.body, 'body');
    res.status(201).json(createdAvailabilityView(await createAvailability(deps, contextOf(req), body)));
  });

  router.post('/availability/bulk', ...staff, async (req, res) => {
    const body = parseInput(bulkBody, req.body, 'body');
    const result = await createAvailabilityBulk(deps, contextOf(req), body);
    res.status(201).json({ ...result, entries: result.entries.map(availabilityView) });
  });

  router.get('/availability/check', ...staff, async (req, res) => {
    const query = parseInput(checkQuery, req.query, 'query');
    res.json(await checkAvailability(deps, contextOf(req), query));
  });

  router.get('/availability/availability-grid', ...staff, async (req, res) => {
    const query = parseInput(gridQuery, req.query, 'query');
    sendJsonText(res, await staffAvailabilityGrid(deps, contextOf(req), query));
  });

  router.put('/availability/:availability_id', ...staff, async (req, res) => {
    const { availability_id } = parseInput(entryPath, req.params, 'path');
    const body = parseInput(changeBody, req.body, 'body');
    const entry = await changeAvailability(deps, contextOf(req), {
      availabilityId: availability_id,
      ...body,
    });
    res.json(availabilityView(entry));
  });

  router.delete('/availability/:availability_id', ...staff, async (req, res) => {
    const { availability_id } = parseInput(entryPath, req.params, 'path');
    await removeAvailability(deps, contextOf(req), { availabilityId: availability_id });
    res.status(204).end();
  });

  // Public (and customer) grid: no staff personal data beyond the name customers book by.
  router.get('/public/tenants/:slug/availability', async (req, res) => {
    const { slug } = parseInput(slugPath, req.params, 'path');
    const query = parseInput(publicGridQuery, req.query, 'query');
    sendJsonText(res, await publicAvailabilityGrid(deps, contextOf(req), { slug, ...query }));
  });

  return router;
}
