import type { RequestHandler } from 'express';
import { actingAdminOf, contextOf, routeTemplateOf } from '@salon/service-kit';
import type { IdentityDeps } from '../domain/deps';
import { recordAdminAct } from '../domain/record-admin-act';
import { READS } from './suspended-writes';

/**
 * After `authenticate`: a successful write by a tenant-scoped SUPER_ADMIN is audited once its answer is sent
 * (`recordAdminAct`). A failure to record is logged; the request line names the administrator in any case.
 */
export function auditAdminActs(deps: IdentityDeps): RequestHandler {
  return (req, res, next) => {
    if (actingAdminOf(req.auth) !== undefined && !READS.has(req.method)) {
      const ctx = contextOf(req);
      res.once('finish', () => {
        if (res.statusCode >= 400) return;
        const act = { method: req.method, route: routeTemplateOf(req), status: res.statusCode };
        recordAdminAct(deps, ctx, act).catch((error: unknown) =>
          req.log.error({ err: error, ...act }, 'audit of a SUPER_ADMIN act failed'),
        );
      });
    }
    next();
  };
}
