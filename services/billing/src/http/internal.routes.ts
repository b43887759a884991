import { Router, type Request } from 'express';
import { billingApi } from '@salon/contracts';
import { contextOf, parseInput, requireInternalToken } from '@salon/service-kit';
import type { BillingDeps } from '../domain/deps';
import { endSubscriptionPeriods } from '../jobs/end-subscription-periods';
import { republishPlans } from '../jobs/republish-plans';
import { resetQuotaBlocks } from '../jobs/reset-quota-blocks';

/** Endpoints for Kubernetes CronJobs; the X-Internal-Token credential or 404. */
export function internalRoutes(deps: BillingDeps): Router {
  const router = Router();
  const internal = requireInternalToken(deps.config.INTERNAL_TOKEN);
  const asOf = (req: Request): Date => {
    const { as_of } = parseInput(billingApi.jobBody, req.body ?? {}, 'body');
    return as_of ? new Date(as_of) : deps.clock.now();
  };

  router.post('/internal/jobs/apply-scheduled-changes', internal, async (req, res) => {
    const at = asOf(req);
    res.json({
      ...(await endSubscriptionPeriods(deps, contextOf(req), { asOf: at })),
      as_of: at.toISOString(),
    });
  });

  router.post('/internal/jobs/republish-plans', internal, async (req, res) => {
    res.json(await republishPlans(deps, contextOf(req)));
  });

  router.post('/token-usage/quota-reset', internal, async (req, res) => {
    res.json(await resetQuotaBlocks(deps, contextOf(req), { kind: 'daily', asOf: asOf(req) }));
  });

  router.post('/token-usage/quota-reset-monthly', internal, async (req, res) => {
    res.json(await resetQuotaBlocks(deps, contextOf(req), { kind: 'monthly', asOf: asOf(req) }));
  });

  return router;
}
