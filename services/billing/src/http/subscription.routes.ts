import { Router, type Request } from 'express';
import { z } from 'zod';
import { BILLING_PERIODS, PLAN_TYPES } from '@salon/contracts';
import { intQuery, objectId, parseInput, requireRoles, staffOf } from '@salon/service-kit';
import { PAYMENT_STATUSES } from '../db/invoice.repository';
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

/** Plan names arrive lowercase (spec) or uppercase; anything else is a 422. */
const planField = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(PLAN_TYPES));

const upgradeBody = z.object({
  target_plan: planField,
  billing_period: z.enum(BILLING_PERIODS).optional(),
  prorate_charges: z.boolean().default(true),
});
const renewBody = z.object({ subscription_id: objectId });
const downgradeBody = z.object({
  target_plan: planField,
  reason: z.string().trim().max(500).nullish(),
});
const deactivateBody = z.object({ reason: z.string().trim().max(500).nullish() });
const paymentsQuery = z.object({
  limit: intQuery.pipe(z.int().min(1).max(100)).default(20),
  offset: intQuery.pipe(z.int().min(0)).default(0),
  status: z.enum(PAYMENT_STATUSES).optional(),
});

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
    const query = parseInput(paymentsQuery, req.query, 'query');
    res.json((await subscriptionPayments(deps, tenantId, query)).map(paymentView));
  });

  router.post('/subscriptions/upgrade', ...admins, async (req, res) => {
    const tenantId = tenantFor(req);
    const body = parseInput(upgradeBody, req.body ?? {}, 'body');
    res.json(await requestUpgrade(deps, tenantId, actorOf(req), body));
  });

  router.post('/subscriptions/renew', ...admins, async (req, res) => {
    const tenantId = tenantFor(req);
    const body = parseInput(renewBody, req.body ?? {}, 'body');
    res.json(await requestRenewal(deps, tenantId, actorOf(req), body.subscription_id));
  });

  router.post('/subscriptions/downgrade', ...admins, async (req, res) => {
    const tenantId = tenantFor(req);
    const body = parseInput(downgradeBody, req.body ?? {}, 'body');
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
    const body = parseInput(deactivateBody, req.body ?? {}, 'body');
    res.json(
      subscriptionView(await deactivateSubscription(deps, tenantId, actorOf(req), body.reason ?? null)),
    );
  });

  router.post('/subscriptions/activate', ...superAdmin, async (req, res) => {
    res.json(subscriptionView(await activateSubscription(deps, tenantFor(req), actorOf(req))));
  });

  return router;
}
