import type { Request, RequestHandler } from 'express';
import { billingApi } from '@salon/contracts';
import {
  AppError,
  authenticate,
  contextOf,
  invalidField,
  parseInput,
  staffOf,
  type RequestContext,
  type TokenVerifier,
} from '@salon/service-kit';
import { SUBSCRIPTION_SUSPENDED } from '@salon/plan-limits';
import { findSubscription } from '../db/subscription.repository';
import type { BillingDeps } from '../domain/deps';

/**
 * The tenant a staff request acts on: the token's. A SUPER_ADMIN names it with `?tenant_id=`, or acts in the
 * one its token is scoped to; nobody else can.
 */
export function tenantFor(req: Request): string {
  const staff = staffOf(req);
  if (staff.role === 'SUPER_ADMIN') {
    const { tenant_id } = parseInput(billingApi.subscriptionTenantQuery, req.query, 'query');
    const tenantId = tenant_id ?? staff.tenantId;
    if (!tenantId) throw invalidField(['query', 'tenant_id'], 'Field required', 'missing');
    return tenantId;
  }
  if (!staff.tenantId) throw new AppError(403, 'Tenant context required');
  return staff.tenantId;
}

/**
 * Staff of a suspended tenant read billing (where they stand: the suspension, plans, usage, payments) but
 * change nothing: every write answers 403 "Subscription suspended", read from billing's own table (the
 * other services read their plan replica). A suspension is the platform's to lift (POST
 * /subscriptions/activate), so billing takes no money for a plan it would not serve. SUPER_ADMIN is never
 * blocked.
 */
export function suspendedGuard(deps: Pick<BillingDeps, 'db'>): RequestHandler {
  return async (req, _res, next) => {
    const staff = staffOf(req);
    if (req.method !== 'GET' && staff.role !== 'SUPER_ADMIN' && staff.tenantId) {
      const subscription = await findSubscription(deps.db.orm, staff.tenantId);
      if (subscription?.status === 'suspended') throw new AppError(403, SUBSCRIPTION_SUSPENDED);
    }
    next();
  };
}

/** The request's context acting on `tenantFor(req)`: the tenant a SUPER_ADMIN named, or the token's. */
export const staffContextOf = (req: Request): RequestContext => ({
  ...contextOf(req),
  tenantId: tenantFor(req),
});

export const staffOnly = (verifier: TokenVerifier, deps: Pick<BillingDeps, 'db'>): RequestHandler[] => [
  authenticate(verifier, { allow: ['staff'] }),
  suspendedGuard(deps),
];
