import { Router } from 'express';
import { z } from 'zod';
import { contextOf, objectId, parseInput, requireInternalToken } from '@salon/service-kit';
import { countBlockingAppointments } from '../domain/customer-deletion-check';
import type { SchedulingDeps } from '../domain/deps';
import { getAppointmentSnapshot } from '../domain/get-appointment-snapshot';
import { deletionCheckView } from './deletion-check.view';

const checkPath = z.object({ tenant_id: objectId, customer_id: objectId });
const appointmentPath = z.object({ tenant_id: objectId, appointment_id: objectId });

/**
 * For other services only: identity's account-deletion pre-check (appointments today or later that are not
 * cancelled or no_show), and one appointment as its events carry it.
 */
export function internalRoutes(deps: SchedulingDeps, internalToken: string): Router {
  const router = Router();
  router.get(
    '/internal/tenants/:tenant_id/customers/:customer_id/deletion-check',
    requireInternalToken(internalToken),
    async (req, res) => {
      const { tenant_id, customer_id } = parseInput(checkPath, req.params, 'path');
      const ctx = { ...contextOf(req), tenantId: tenant_id };
      res.json(deletionCheckView(await countBlockingAppointments(deps, ctx, { customerId: customer_id })));
    },
  );
  router.get(
    '/internal/tenants/:tenant_id/appointments/:appointment_id',
    requireInternalToken(internalToken),
    async (req, res) => {
      const { tenant_id, appointment_id } = parseInput(appointmentPath, req.params, 'path');
      const ctx = { ...contextOf(req), tenantId: tenant_id };
      res.json(await getAppointmentSnapshot(deps, ctx, { appointmentId: appointment_id }));
    },
  );
  return router;
}
