import { Router, type Request } from 'express';
import { billingApi } from '@salon/contracts';
import { parseInput, requireInternalToken } from '@salon/service-kit';
import type { BillingDeps } from '../domain/deps';
import { applyScheduledChanges, lapseEndedPeriods, republishPlans } from '../domain/manage-subscription';
import { resetBlocks } from '../domain/token-usage';

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
    // Scheduled downgrades first: a period that ends with one applied is not lapsed.
    const scheduled = await applyScheduledChanges(deps, at);
    res.json({ ...scheduled, ...(await lapseEndedPeriods(deps, at)), as_of: at.toISOString() });
  });

  router.post('/internal/jobs/republish-plans', internal, async (_req, res) => {
    res.json(await republishPlans(deps));
  });

  router.post('/token-usage/quota-reset', internal, async (req, res) => {
    res.json(await resetBlocks(deps, 'daily', asOf(req)));
  });

  router.post('/token-usage/quota-reset-monthly', internal, async (req, res) => {
    res.json(await resetBlocks(deps, 'monthly', asOf(req)));
  });

  return router;
}
