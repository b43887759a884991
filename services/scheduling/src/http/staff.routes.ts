import { Router } from 'express';
import { z } from 'zod';
import { schedulingApi } from '@salon/contracts';
import {
  authenticate,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
  tenantOf,
} from '@salon/service-kit';
import { entriesOfStaff } from '../db/availability.repository';
import type { StaffRecord } from '../db/staff.repository';
import type { SchedulingDeps } from '../domain/deps';
import { staffAppointments } from '../domain/list-appointments';
import {
  changeStaff,
  createStaff,
  findStaffPage,
  getStaff,
  terminate,
  workloadOf,
} from '../domain/manage-staff';
import { tenantSettings } from '../domain/tenant-settings';
import { addDays, localOf } from '../domain/time-rules';
import { availabilityView } from './availability.routes';
import { appointmentView } from './appointment.routes';

const {
  createStaffBody,
  staffAppointmentsQuery,
  staffDetailQuery: detailQuery,
  staffListQuery: listQuery,
  updateStaffBody,
} = schedulingApi;
const staffPath = z.object({ staff_id: objectId });

/** The spec's Staff member. */
export const staffView = ({ version: _version, ...staff }: StaffRecord) => ({
  ...staff,
  is_active: staff.status === 'active',
  next_available_slot: null,
});

export function staffRoutes(deps: SchedulingDeps): Router {
  const router = Router();
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const managers = [...staff, requireRoles('SUPER_ADMIN', 'TENANT_ADMIN', 'OUTLET_MANAGER')];

  router.get('/staff', ...staff, async (req, res) => {
    const tenantId = tenantOf(req);
    const query = parseInput(listQuery, req.query, 'query');
    const { items, total } = await findStaffPage(
      deps,
      tenantId,
      {
        outletId: query.outlet_id,
        serviceId: query.service_id,
        status: query.status,
        position: query.position || undefined,
        employmentType: query.employment_type,
        onlyActive: query.only_active,
        onlyBookable: query.only_bookable,
        search: query.search || undefined,
        gender: query.gender,
      },
      { offset: offsetOf(query), limit: query.size },
    );
    let views: Record<string, unknown>[] = items.map(staffView);
    if (query.include_availability && items.length > 0) {
      const { timezone } = await tenantSettings(deps.db.orm, tenantId);
      const today = localOf(new Date(), timezone).date;
      const entries = await entriesOfStaff(
        deps.db.orm,
        tenantId,
        items.map((item) => item.id),
        today,
        addDays(today, 6),
      );
      views = views.map((view) => ({
        ...view,
        availability: entries.filter((entry) => entry.staff_id === view.id).map(availabilityView),
      }));
    }
    res.json(paged(views, total, query));
  });

  router.post('/staff', ...managers, async (req, res) => {
    const body = parseInput(createStaffBody, req.body, 'body');
    res.status(201).json(staffView(await createStaff(deps, tenantOf(req), body, req.id)));
  });

  router.get('/staff/positions/templates', ...staff, async (req, res) => {
    res.json((await tenantSettings(deps.db.orm, tenantOf(req))).positionTemplates);
  });

  router.get('/staff/:staff_id', ...staff, async (req, res) => {
    const { staff_id } = parseInput(staffPath, req.params, 'path');
    const { include_workload } = parseInput(detailQuery, req.query, 'query');
    const member = await getStaff(deps, tenantOf(req), staff_id);
    res.json(
      include_workload
        ? { ...staffView(member), workload: await workloadOf(deps, member) }
        : staffView(member),
    );
  });

  router.put('/staff/:staff_id', ...managers, async (req, res) => {
    const { staff_id } = parseInput(staffPath, req.params, 'path');
    const body = parseInput(updateStaffBody, req.body, 'body');
    res.json(staffView(await changeStaff(deps, tenantOf(req), staff_id, body, req.id)));
  });

  router.delete(
    '/staff/:staff_id',
    ...staff,
    requireRoles('SUPER_ADMIN', 'TENANT_ADMIN'),
    async (req, res) => {
      const { staff_id } = parseInput(staffPath, req.params, 'path');
      await terminate(deps, tenantOf(req), staff_id, req.id);
      res.status(204).end();
    },
  );

  router.get('/staff/:staff_id/appointments', ...staff, async (req, res) => {
    const { staff_id } = parseInput(staffPath, req.params, 'path');
    const query = parseInput(staffAppointmentsQuery, req.query, 'query');
    const tenantId = tenantOf(req);
    await getStaff(deps, tenantId, staff_id);
    const { items, total } = await staffAppointments(deps, tenantId, staff_id, {
      status: query.status,
      from: query.start_date,
      to: query.end_date,
      upcomingOnly: query.upcoming_only,
      page: { offset: offsetOf(query), limit: query.size },
    });
    res.json(paged(items.map(appointmentView), total, query));
  });

  return router;
}
