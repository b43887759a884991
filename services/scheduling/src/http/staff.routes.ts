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
  requireRoles,
} from '@salon/service-kit';
import { changeStaff } from '../domain/change-staff';
import { createStaff } from '../domain/create-staff';
import type { SchedulingDeps } from '../domain/deps';
import { getStaff } from '../domain/get-staff';
import { listPositionTemplates } from '../domain/list-position-templates';
import { searchStaff } from '../domain/search-staff';
import { staffAppointments } from '../domain/staff-appointments';
import { terminateStaff } from '../domain/terminate-staff';
import { appointmentView } from './appointment.view';
import { staffDetailView, staffPageView, staffView } from './staff.view';

const {
  createStaffBody,
  staffAppointmentsQuery,
  staffDetailQuery: detailQuery,
  staffListQuery: listQuery,
  updateStaffBody,
} = schedulingApi;
const staffPath = z.object({ staff_id: objectId });

export function staffRoutes(deps: SchedulingDeps): Router {
  const router = Router();
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const managers = [...staff, requireRoles('SUPER_ADMIN', 'TENANT_ADMIN', 'OUTLET_MANAGER')];

  router.get('/staff', ...staff, async (req, res) => {
    const query = parseInput(listQuery, req.query, 'query');
    const found = await searchStaff(deps, contextOf(req), {
      filters: {
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
      page: { offset: offsetOf(query), limit: query.size },
      includeAvailability: query.include_availability,
    });
    res.json(paged(staffPageView(found), found.total, query));
  });

  router.post('/staff', ...managers, async (req, res) => {
    const body = parseInput(createStaffBody, req.body, 'body');
    res.status(201).json(staffView(await createStaff(deps, contextOf(req), body)));
  });

  router.get('/staff/positions/templates', ...staff, async (req, res) => {
    res.json(await listPositionTemplates(deps, contextOf(req)));
  });

  router.get('/staff/:staff_id', ...staff, async (req, res) => {
    const { staff_id } = parseInput(staffPath, req.params, 'path');
    const { include_workload } = parseInput(detailQuery, req.query, 'query');
    const found = await getStaff(deps, contextOf(req), {
      staffId: staff_id,
      includeWorkload: include_workload,
    });
    res.json(staffDetailView(found));
  });

  router.put('/staff/:staff_id', ...managers, async (req, res) => {
    const { staff_id } = parseInput(staffPath, req.params, 'path');
    const body = parseInput(updateStaffBody, req.body, 'body');
    res.json(staffView(await changeStaff(deps, contextOf(req), { ...body, staffId: staff_id })));
  });

  router.delete(
    '/staff/:staff_id',
    ...staff,
    requireRoles('SUPER_ADMIN', 'TENANT_ADMIN'),
    async (req, res) => {
      const { staff_id } = parseInput(staffPath, req.params, 'path');
      await terminateStaff(deps, contextOf(req), { staffId: staff_id });
      res.status(204).end();
    },
  );

  router.get('/staff/:staff_id/appointments', ...staff, async (req, res) => {
    const { staff_id } = parseInput(staffPath, req.params, 'path');
    const query = parseInput(staffAppointmentsQuery, req.query, 'query');
    const { items, total } = await staffAppointments(deps, contextOf(req), {
      staffId: staff_id,
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
