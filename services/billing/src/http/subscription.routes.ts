import { Router, type Request } from 'express';
import { billingApi } from '@salon/contracts';
import { parseInput, requireRoles, staffOf } from '@salon/service-kit';
import type { BillingDeps } from '../domain/deps';
import {
  activateSubscription,
  cancelScheduledChanges,
  cancelSubscription,
  currentSubscription,
  deactivateSubscription,
  scheduleDowngrade,
  subscriptionPayments,
  usageReport,
  type Actor,
} from '../domain/manage-subscription';
import { requestRenewal, requestUpgrade } from '../domain/upgrade-subscription';
import { staffOnly, tenantFor } from './access';
import { currentView, paymentView, plansView, subscriptionView } from './views';

const actorOf = (req: Request): Actor => ({ userId: staffOf(req).userId, requestId: req.id });

export function subscriptionRoutes(deps: BillingDeps): Router {
  const router = Router();
  const staff = staffOnly(deps.verifier, deps);
  const admins = [...staff, requireRoles('TENANT_ADMIN', 'SUPER_ADMIN')];
  const superAdmin = [...staff, requireRoles('SUPER_ADMIN')];

  router.get('/subscriptions/plans', ...staff, (_req, res) => {
    res.json(plansView());
  });

  router.get('/subscriptions/current', ...staff, async (req, res) => {
    res.json(currentView(await currentSubscription(deps, tenantFor(req))));
  });

  router.get('/subscriptions/usage', ...staff, async (req, res) => {
    res.json(await usageReport(deps, tenantFor(req)));
  });

  router.get('/subscriptions/payments', ...staff, async (req, res) => {
    const tenantId = tenantFor(req);
    const query = parseInput(billingApi.paymentsQuery, req.query, 'query');
    res.json((await subscriptionPayments(deps, tenantId, query)).map(paymentView));
  });

  router.post('/subscriptions/upgrade', ...admins, async (req, res) => {
    const tenantId = tenantFor(req);
    const body = parseInput(billingApi.upgradeBody, req.body ?? {}, 'body');
    res.json(await requestUpgrade(deps, tenantId, actorOf(req), body));
  });

  router.post('/subscriptions/renew', ...admins, async (req, res) => {
    const tenantId = tenantFor(req);
    const body = parseInput(billingApi.renewBody, req.body ?? {}, 'body');
    res.json(await requestRenewal(deps, tenantId, actorOf(req), body.subscription_id));
  });

  router.post('/subscriptions/downgrade', ...admins, async (req, res) => {
    const tenantId = tenantFor(req);
    const body = parseInput(billingApi.downgradeBody, req.body ?? {}, 'body');
    const subscription = await scheduleDowngrade(
      deps,
      tenantId,
      actorOf(req),
      body.target_plan,
      body.reason ?? null,
    );
    res.json(subscriptionView(subscription));
  });

  router.delete('/subscriptions/scheduled-changes', ...admins, async (req, res) => {
    res.json(subscriptionView(await cancelScheduledChanges(deps, tenantFor(req), actorOf(req))));
  });

  router.post('/subscriptions/cancel', ...admins, async (req, res) => {
    res.json(subscriptionView(await cancelSubscription(deps, tenantFor(req), actorOf(req))));
  });

  router.post('/subscriptions/deactivate', ...superAdmin, async (req, res) => {
    const tenantId = tenantFor(req);
    const body = parseInput(billingApi.deactivateBody, req.body ?? {}, 'body');
    res.json(
      subscriptionView(await deactivateSubscription(deps, tenantId, actorOf(req), body.reason ?? null)),
    );
  });

  router.post('/subscriptions/activate', ...superAdmin, async (req, res) => {
    res.json(subscriptionView(await activateSubscription(deps, tenantFor(req), actorOf(req))));
  });

  return router;
}
