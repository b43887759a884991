import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  authenticate,
  intQuery,
  invalidField,
  objectId,
  offsetOf,
  pageQuerySchema,
  paged,
  parseInput,
  staffOf,
  tenantOf,
} from '@salon/service-kit';
import { listAvailability, type AvailabilityRecord } from '../db/availability.repository';
import { AVAILABILITY_TYPES, RECURRENCE_TYPES } from '../domain/availability-rules';
import {
  availabilityGrid,
  checkAvailability,
  gridStaffFilter,
  publicGrid,
  type GridQuery,
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
import { dateField, timeField } from './fields';

const entryBody = z.object({
  staff_id: objectId,
  date: dateField,
  start_time: timeField,
  end_time: timeField,
  availability_type: z.enum(AVAILABILITY_TYPES),
  recurrence_type: z.enum(RECURRENCE_TYPES).default('none'),
  recurrence_end_date: dateField.nullish(),
  recurrence_days: z.array(z.int().min(0).max(6)).max(7).nullish(),
  is_available: z.boolean().optional(),
  notes: z.string().max(1000).nullish(),
  service_ids: z.array(objectId).max(500).nullish(),
});
const bulkBody = z.object({ entries: z.array(entryBody).min(1).max(100) });
const changeBody = z.object({
  date: dateField.optional(),
  start_time: timeField.optional(),
  end_time: timeField.optional(),
  availability_type: z.enum(AVAILABILITY_TYPES).optional(),
  is_available: z.boolean().optional(),
  notes: z.string().max(1000).nullish(),
  service_ids: z.array(objectId).max(500).nullish(),
});
const listQuery = pageQuerySchema().extend({
  start_date: dateField.optional(),
  end_date: dateField.optional(),
  staff_id: objectId.optional(),
  availability_type: z.enum(AVAILABILITY_TYPES).optional(),
  outlet_id: objectId.optional(),
});
const checkQuery = z.object({
  staff_id: objectId,
  date: dateField,
  start_time: timeField,
  end_time: timeField,
  service_id: objectId.optional(),
});
const gridQuery = z
  .object({
    service_id: objectId,
    outlet_id: objectId,
    start_date: dateField,
    num_days: intQuery.pipe(z.int().min(1).max(90)).optional(),
    end_date: dateField.optional(),
    slot_interval_minutes: intQuery
      .pipe(z.int().min(5).max(240).multipleOf(5, { error: 'slot_interval_minutes must be a multiple of 5' }))
      .default(30),
    staff_id: objectId.optional(),
  })
  .transform((query, context): GridQuery => {
    let numDays = query.num_days ?? 7;
    if (query.end_date !== undefined) {
      const days = Math.round((Date.parse(query.end_date) - Date.parse(query.start_date)) / 86_400_000) + 1;
      if (days < 1) {
        context.addIssue({
          code: 'custom',
          path: ['start_date'],
          message: 'start_date must not be after end_date',
        });
        return z.NEVER;
      }
      if (days > 90) {
        context.addIssue({ code: 'custom', path: ['end_date'], message: 'The grid spans at most 90 days' });
        return z.NEVER;
      }
      numDays = days;
    }
    return {
      service_id: query.service_id,
      outlet_id: query.outlet_id,
      start_date: query.start_date,
      num_days: numDays,
      slot_interval_minutes: query.slot_interval_minutes,
      staff_id: query.staff_id,
    };
  });
const publicGridQuery = z.object({
  service_id: objectId,
  outlet_id: objectId,
  start_date: dateField,
  num_days: intQuery.pipe(z.int().min(1).max(90)).default(7),
  slot_interval_minutes: intQuery.pipe(z.int().min(5).max(240).multipleOf(5)).default(30),
});
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
    res.json(await availabilityGrid(deps, tenantOf(req), { ...query, staff_id: staffId }, 'staff'));
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
    res.json(await publicGrid(deps, slug, query));
  });

  return router;
}

const viewIfEntry = (result: Record<string, unknown>) =>
  'summary' in result ? result : availabilityView(result as unknown as AvailabilityRecord);
