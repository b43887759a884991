import { Router, type Request } from 'express';
import { z } from 'zod';
import { schedulingApi } from '@salon/contracts';
import {
  authenticate,
  invalidField,
  objectId,
  offsetOf,
  paged,
  parseInput,
  sendJsonText,
  staffOf,
  tenantOf,
} from '@salon/service-kit';
import { listAvailability, type AvailabilityRecord } from '../db/availability.repository';
import {
  availabilityGrid,
  checkAvailability,
  gridStaffFilter,
  publicGrid,
} from '../domain/availability-grid';
import type { SchedulingDeps } from '../domain/deps';
import {
  assertMayManage,
  changeAvailability,
  createAvailability,
  createAvailabilityBulk,
  removeAvailability,
  visibleStaffIds,
} from '../domain/manage-availability';
import { tenantSettings } from '../domain/tenant-settings';
import { addDays, localOf } from '../domain/time-rules';

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

/** The spec's Availability entry. */
export const availabilityView = (entry: AvailabilityRecord) => {
  const { tenant_id: _tenant, ...view } = entry;
  return view;
};

export function availabilityRoutes(deps: SchedulingDeps): Router {
  const router = Router();
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const writer = (req: Request) => staffOf(req);

  router.get('/availability', ...staff, async (req, res) => {
    const tenantId = tenantOf(req);
    const query = parseInput(listQuery, req.query, 'query');
    let { start_date: from, end_date: to } = query;
    if (!from || !to) {
      const { timezone } = await tenantSettings(deps.db.orm, tenantId);
      const month = localOf(new Date(), timezone).date.slice(0, 7);
      from ??= `${month}-01`;
      to ??= addDays(`${addDays(`${month}-01`, 32).slice(0, 7)}-01`, -1);
    }
    if (from > to) throw invalidField(['query', 'start_date'], 'start_date must not be after end_date');
    const { items, total } = await listAvailability(
      deps.db.orm,
      tenantId,
      {
        from,
        to,
        staffId: query.staff_id,
        onlyStaffIds: visibleStaffIds(staffOf(req)),
        type: query.availability_type,
        outletId: query.outlet_id,
      },
      { offset: offsetOf(query), limit: query.size },
    );
    res.json(paged(items.map(availabilityView), total, query));
  });

  router.post('/availability', ...staff, async (req, res) => {
    const body = parseInput(entryBody, req.body, 'body');
    res.status(201).json(await createAvailability(deps, writer(req), tenantOf(req), body).then(viewIfEntry));
  });

  router.post('/availability/bulk', ...staff, async (req, res) => {
    const { entries } = parseInput(bulkBody, req.body, 'body');
    const result = await createAvailabilityBulk(deps, writer(req), tenantOf(req), entries);
    res.status(201).json({ ...result, entries: result.entries.map(availabilityView) });
  });

  router.get('/availability/check', ...staff, async (req, res) => {
    const query = parseInput(checkQuery, req.query, 'query');
    if (query.start_time >= query.end_time) {
      throw invalidField(['query', 'end_time'], 'start_time must be before end_time');
    }
    const auth = staffOf(req);
    if (auth.role === 'STAFF' || auth.role === 'OUTLET_MANAGER') assertMayManage(auth, query.staff_id);
    res.json(await checkAvailability(deps, tenantOf(req), query));
  });

  router.get('/availability/availability-grid', ...staff, async (req, res) => {
    const query = parseInput(gridQuery, req.query, 'query');
    const staffId = gridStaffFilter(staffOf(req), query.staff_id);
    sendJsonText(res, await availabilityGrid(deps, tenantOf(req), { ...query, staff_id: staffId }, 'staff'));
  });

  router.put('/availability/:availability_id', ...staff, async (req, res) => {
    const { availability_id } = parseInput(entryPath, req.params, 'path');
    const body = parseInput(changeBody, req.body, 'body');
    res.json(
      availabilityView(await changeAvailability(deps, writer(req), tenantOf(req), availability_id, body)),
    );
  });

  router.delete('/availability/:availability_id', ...staff, async (req, res) => {
    const { availability_id } = parseInput(entryPath, req.params, 'path');
    await removeAvailability(deps, writer(req), tenantOf(req), availability_id);
    res.status(204).end();
  });

  // Public (and customer) grid: no staff personal data beyond the name customers book by.
  router.get('/public/tenants/:slug/availability', async (req, res) => {
    const { slug } = parseInput(slugPath, req.params, 'path');
    const query = parseInput(publicGridQuery, req.query, 'query');
    sendJsonText(res, await publicGrid(deps, slug, query));
  });

  return router;
}

const viewIfEntry = (result: Record<string, unknown>) =>
  'summary' in result ? result : availabilityView(result as unknown as AvailabilityRecord);
