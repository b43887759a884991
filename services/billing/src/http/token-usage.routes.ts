import { Router } from 'express';
import { z } from 'zod';
import { billingApi } from '@salon/contracts';
import {
  authenticate,
  customerOf,
  objectId,
  parseInput,
  requireRoles,
  staffOf,
  tenantOf,
} from '@salon/service-kit';
import type { BillingDeps } from '../domain/deps';
import { quotaOf, trackUsage, updateQuota, usageHistory, type CustomerKey } from '../domain/token-usage';
import { suspendedGuard } from './access';

const quotaPath = z.object({ customer_id: objectId });

const keyOf = (req: Parameters<typeof customerOf>[0]): CustomerKey => {
  const customer = customerOf(req);
  return { tenantId: tenantOf(req), customerId: customer.customerId };
};

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
    res.json(await quotaOf(deps, keyOf(req)));
  });

  router.post('/token-usage/track', customer, async (req, res) => {
    const body = parseInput(billingApi.trackUsageBody, req.body ?? {}, 'body');
    res.json(await trackUsage(deps, keyOf(req), body));
  });

  router.get('/token-usage/history', customer, async (req, res) => {
    const { days } = parseInput(billingApi.usageHistoryQuery, req.query, 'query');
    res.json(await usageHistory(deps, keyOf(req), days));
  });

  router.patch('/token-usage/quota/:customer_id', ...admins, async (req, res) => {
    const { customer_id } = parseInput(quotaPath, req.params, 'path');
    const body = parseInput(billingApi.quotaOverrideBody, req.body ?? {}, 'body');
    const staff = staffOf(req);
    const scope = { tenantId: staff.role === 'SUPER_ADMIN' ? null : staff.tenantId };
    res.json(await updateQuota(deps, customer_id, scope, body));
  });

  return router;
}
