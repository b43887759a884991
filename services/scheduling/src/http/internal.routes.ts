import { Router } from 'express';
import { z } from 'zod';
import type { CustomerDeletionCheckResponse } from '@salon/contracts';
import { objectId, parseInput, requireInternalToken } from '@salon/service-kit';
import { countAppointments } from '../db/appointment.repository';
import type { SchedulingDeps } from '../domain/deps';
import { tenantSettings } from '../domain/tenant-settings';
import { localOf } from '../domain/time-rules';

const checkPath = z.object({ tenant_id: objectId, customer_id: objectId });

/** Identity's account-deletion pre-check: appointments today or later that are not cancelled or no_show. */
export function internalRoutes(deps: SchedulingDeps, internalToken: string): Router {
  const router = Router();
  router.get(
    '/internal/tenants/:tenant_id/customers/:customer_id/deletion-check',
    requireInternalToken(internalToken),
    async (req, res) => {
      const { tenant_id, customer_id } = parseInput(checkPath, req.params, 'path');
      const { timezone } = await tenantSettings(deps.db.orm, tenant_id);
      const upcoming = await countAppointments(deps.db.orm, tenant_id, {
        customerId: customer_id,
        from: localOf(new Date(), timezone).date,
        statuses: ['pending', 'confirmed', 'checked_in', 'in_progress', 'completed', 'rescheduled'],
      });
      const body: CustomerDeletionCheckResponse =
        upcoming > 0
          ? {
              blocked: true,
              reason: `Cannot delete account with ${upcoming} upcoming appointment${upcoming === 1 ? '' : 's'}. Cancel them first.`,
            }
          : { blocked: false, reason: null };
      res.json(body);
    },
  );
  return router;
}
