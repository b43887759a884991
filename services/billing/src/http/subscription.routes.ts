import { Router } from 'express';
import { billingApi } from '@salon/contracts';
import { parseInput, requireRoles } from '@salon/service-kit';
import { activateSubscription } from '../domain/activate-subscription';
import { cancelScheduledChanges } from '../domain/cancel-scheduled-changes';
import { cancelSubscription } from '../domain/cancel-subscription';
import { deactivateSubscription } from '../domain/deactivate-subscription';
import type { BillingDeps } from '../domain/deps';
import { getCurrentSubscription } from '../domain/get-current-subscription';
import { listSubscriptionPayments } from '../domain/list-subscription-payments';
import { reportUsage } from '../domain/report-usage';
import { requestRenewal } from '../domain/request-renewal';
import { requestUpgrade } from '../domain/request-upgrade';
import { scheduleDowngrade } from '../domain/schedule-downgrade';
import { staffContextOf, staffOnly } from './access';
import { paymentView } from './payment.view';
import { plansView } from './plan.view';
import { renewalView } from './renewal.view';
import { currentSubscriptionView, subscriptionView, usageReportView } from './subscription.view';
import { upgradeView } from './upgrade.view';

// Every route acts on `staffContextOf(req)`: the token's tenant, or the one a SUPER_ADMIN names by ?tenant_id=.
export function subscriptionRoutes(deps: BillingDeps): Router {
  const router = Router();
  const staff = staffOnly(deps.verifier, deps);
  const admins = [...staff, requireRoles('TENANT_ADMIN', 'SUPER_ADMIN')];
  const superAdmin = [...staff, requireRoles('SUPER_ADMIN')];

  router.get('/subscriptions/plans', ...staff, (_req, res) => {
    res.json(plansView());
  });

  router.get('/subscriptions/current', ...staff, async (req, res) => {
    res.json(currentSubscriptionView(await getCurrentSubscription(deps, staffContextOf(req))));
  });

  router.get('/subscriptions/usage', ...staff, async (req, res) => {
    res.json(usageReportView(await reportUsage(deps, staffContextOf(req))));
  });

  router.get('/subscriptions/payments', ...staff, async (req, res) => {
    const ctx = staffContextOf(req);
    const query = parseInput(billingApi.paymentsQuery, req.query, 'query');
    res.json((await listSubscriptionPayments(deps, ctx, query)).map(paymentView));
  });

  router.post('/subscriptions/upgrade', ...admins, async (req, res) => {
    const ctx = staffContextOf(req);
    const body = parseInput(billingApi.upgradeBody, req.body ?? {}, 'body');
    res.json(upgradeView(await requestUpgrade(deps, ctx, body)));
  });

  router.post('/subscriptions/renew', ...admins, async (req, res) => {
    const ctx = staffContextOf(req);
    const body = parseInput(billingApi.renewBody, req.body ?? {}, 'body');
    res.json(renewalView(await requestRenewal(deps, ctx, { subscriptionId: body.subscription_id })));
  });

  router.post('/subscriptions/downgrade', ...admins, async (req, res) => {
    const ctx = staffContextOf(req);
    const body = parseInput(billingApi.downgradeBody, req.body ?? {}, 'body');
    const subscription = await scheduleDowngrade(deps, ctx, {
      targetPlan: body.target_plan,
      reason: body.reason ?? null,
    });
    res.json(subscriptionView(subscription));
  });

  router.delete('/subscriptions/scheduled-changes', ...admins, async (req, res) => {
    res.json(subscriptionView(await cancelScheduledChanges(deps, staffContextOf(req))));
  });

  router.post('/subscriptions/cancel', ...admins, async (req, res) => {
    res.json(subscriptionView(await cancelSubscription(deps, staffContextOf(req))));
  });

  router.post('/subscriptions/deactivate', ...superAdmin, async (req, res) => {
    const ctx = staffContextOf(req);
    const body = parseInput(billingApi.deactivateBody, req.body ?? {}, 'body');
    res.json(subscriptionView(await deactivateSubscription(deps, ctx, { reason: body.reason ?? null })));
  });

  router.post('/subscriptions/activate', ...superAdmin, async (req, res) => {
    res.json(subscriptionView(await activateSubscription(deps, staffContextOf(req))));
  });

  return router;
}
