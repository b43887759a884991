import { Router } from 'express';
import { z } from 'zod';
import {
  authenticate,
  customerOf,
  intQuery,
  objectId,
  parseInput,
  requireRoles,
  staffOf,
  tenantOf,
} from '@salon/service-kit';
import type { BillingDeps } from '../domain/deps';
import { quotaOf, trackUsage, updateQuota, usageHistory, type CustomerKey } from '../domain/token-usage';
import { QUOTA_TYPES } from '../domain/token-rules';
import { suspendedGuard } from './access';

const MAX_TOKENS = 100_000_000;
const count = z.int().min(0).max(MAX_TOKENS);
/** A quota: non-negative, or -1 for unlimited (other negatives are a 422). */
const quota = z.int().min(-1).max(2_000_000_000);

const trackBody = z.object({
  tokens: count,
  prompt_tokens: count.optional(),
  completion_tokens: count.optional(),
  system_tokens: count.optional(),
  conversation_id: z.string().trim().min(1).max(200),
  message_count: z.int().min(0).max(1_000_000),
  function_calls: z.array(z.string().max(200)).max(100).optional(),
  model: z.string().trim().min(1).max(100).optional(),
});
const historyQuery = z.object({ days: intQuery.pipe(z.int().min(1).max(90)).default(30) });
const quotaPath = z.object({ customer_id: objectId });
const quotaBody = z
  .object({
    daily_quota: quota.optional(),
    monthly_quota: quota.optional(),
    quota_type: z.enum(QUOTA_TYPES).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'At least one of daily_quota, monthly_quota or quota_type is required',
  });

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
    const body = parseInput(trackBody, req.body ?? {}, 'body');
    res.json(await trackUsage(deps, keyOf(req), body));
  });

  router.get('/token-usage/history', customer, async (req, res) => {
    const { days } = parseInput(historyQuery, req.query, 'query');
    res.json(await usageHistory(deps, keyOf(req), days));
  });

  router.patch('/token-usage/quota/:customer_id', ...admins, async (req, res) => {
    const { customer_id } = parseInput(quotaPath, req.params, 'path');
    const body = parseInput(quotaBody, req.body ?? {}, 'body');
    const staff = staffOf(req);
    const scope = { tenantId: staff.role === 'SUPER_ADMIN' ? null : staff.tenantId };
    res.json(await updateQuota(deps, customer_id, scope, body));
  });

  return router;
}
