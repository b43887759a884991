import { Router } from 'express';
import { z } from 'zod';
import { contextOf, objectId, parseInput, requireInternalToken } from '@salon/service-kit';
import { countBlockingAppointments } from '../domain/customer-deletion-check';
import type { SchedulingDeps } from '../domain/deps';
import { deletionCheckView } from './deletion-check.view';

const checkPath = z.object({ tenant_id: objectId, customer_id: objectId });

/** Identity's account-deletion pre-check: appointments today or later that are not cancelled or no_show. */
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
  return router;
}
