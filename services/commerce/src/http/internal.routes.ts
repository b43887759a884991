import { Router } from 'express';
import { z } from 'zod';
import { subscriptionInvoiceRequest, type CustomerDeletionCheckResponse } from '@salon/contracts';
import { objectId, parseInput, requireInternalToken } from '@salon/service-kit';
import { expireDuePackages } from '../db/customer-package.repository';
import { countOpenPayments } from '../db/payment.repository';
import type { CommerceDeps } from '../domain/deps';
import { createSubscriptionInvoice } from '../domain/subscription-invoices';

const checkPath = z.object({ tenant_id: objectId, customer_id: objectId });

/** Internal endpoints (X-Internal-Token): identity's deletion pre-check, billing's invoices, the CronJob. */
export function internalRoutes(deps: CommerceDeps): Router {
  const router = Router();
  const internal = requireInternalToken(deps.config.INTERNAL_TOKEN);

  router.get(
    '/internal/tenants/:tenant_id/customers/:customer_id/deletion-check',
    internal,
    async (req, res) => {
      const { tenant_id, customer_id } = parseInput(checkPath, req.params, 'path');
      const open = await countOpenPayments(deps.db.orm, tenant_id, customer_id);
      const body: CustomerDeletionCheckResponse =
        open > 0
          ? {
              blocked: true,
              reason: `Cannot delete account with ${open} pending payment${open === 1 ? '' : 's'}. Complete or cancel them first.`,
            }
          : { blocked: false, reason: null };
      res.json(body);
    },
  );

  router.post('/internal/subscription-invoices', internal, async (req, res) => {
    const body = parseInput(subscriptionInvoiceRequest, req.body, 'body');
    res.status(201).json(await createSubscriptionInvoice(deps, body));
  });

  router.post('/internal/jobs/expire-packages', internal, async (_req, res) => {
    res.json({ expired: await deps.db.withTx((tx) => expireDuePackages(tx)) });
  });

  return router;
}
