import { Router } from 'express';
import { z } from 'zod';
import { billingApi } from '@salon/contracts';
import { authenticate, contextOf, objectId, parseInput, requireRoles } from '@salon/service-kit';
import type { BillingDeps } from '../domain/deps';
import { getQuota } from '../domain/get-quota';
import { getUsageHistory } from '../domain/get-usage-history';
import { trackUsage } from '../domain/track-usage';
import { updateQuota } from '../domain/update-quota';
import { suspendedGuard } from './access';

const quotaPath = z.object({ customer_id: objectId });

/** The AI-chat token quota: the customer's own calls, and the admins' overrides. */
export function tokenUsageRoutes(deps: BillingDeps): Router {
  const router = Router();
  const customer = authenticate(deps.verifier, { allow: ['customer'] });
  const admins = [
    authenticate(deps.verifier, { allow: ['staff'] }),
    suspendedGuard(deps),
    requireRoles('TENANT_ADMIN', 'SUPER_ADMIN'),
  ];

  router.get('/token-usage/quota', customer, async (req, res) => {
    res.json(await getQuota(deps, contextOf(req)));
  });

  router.post('/token-usage/track', customer, async (req, res) => {
    const body = parseInput(billingApi.trackUsageBody, req.body ?? {}, 'body');
    res.json(await trackUsage(deps, contextOf(req), body));
  });

  router.get('/token-usage/history', customer, async (req, res) => {
    const { days } = parseInput(billingApi.usageHistoryQuery, req.query, 'query');
    res.json(await getUsageHistory(deps, contextOf(req), { days }));
  });

  router.patch('/token-usage/quota/:customer_id', ...admins, async (req, res) => {
    const { customer_id } = parseInput(quotaPath, req.params, 'path');
    const body = parseInput(billingApi.quotaOverrideBody, req.body ?? {}, 'body');
    res.json(await updateQuota(deps, contextOf(req), { customerId: customer_id, patch: body }));
  });

  return router;
}
