import type { RequestHandler } from 'express';
import { contextOf } from '@salon/service-kit';
import { assertStaffMayWrite } from '../domain/assert-staff-may-write';
import type { IdentityDeps } from '../domain/deps';

/** The methods that change nothing. */
export const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After `authenticate`, on every staff router of identity: a write (any method but a read) by the staff of a
 * suspended or deactivated tenant is refused with 403 "Subscription suspended" before its role check and its
 * input (`assertStaffMayWrite`); reads pass, so the suspended tenant's staff still see where they stand.
 */
export function suspendedWritesGuard(deps: IdentityDeps): RequestHandler {
  return async (req, _res, next) => {
    if (!READS.has(req.method)) await assertStaffMayWrite(deps, contextOf(req));
    next();
  };
}
