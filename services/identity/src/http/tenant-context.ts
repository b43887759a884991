import type { RequestHandler } from 'express';
import { badRequest, contextOf, tenantIn, type RequestContext } from '@salon/service-kit';

const isSuperAdmin = (ctx: RequestContext) =>
  ctx.caller?.kind === 'staff' && ctx.caller.role === 'SUPER_ADMIN';

/** 403 "Tenant context required" before anything else, on routes that act in the caller's own tenant. */
export const tenantRequired: RequestHandler = (req, _res, next) => {
  tenantIn(contextOf(req));
  next();
};

/**
 * A SUPER_ADMIN acts in the tenant it names by `?tenant_id=`, else in the one its token is scoped to (400 with
 * neither); everyone else in their own.
 */
export function inNamedTenant(ctx: RequestContext, tenantId: string | undefined): RequestContext {
  if (!isSuperAdmin(ctx)) return ctx;
  const named = tenantId ?? ctx.tenantId;
  if (!named) throw badRequest('tenant_id is required for SUPER_ADMIN');
  return { ...ctx, tenantId: named };
}

/**
 * A SUPER_ADMIN may name a tenant by `?tenant_id=` (none: the one its token is scoped to, else every tenant);
 * everyone else acts in their own.
 */
export function inOptionalTenant(ctx: RequestContext, tenantId: string | undefined): RequestContext {
  return isSuperAdmin(ctx) ? { ...ctx, tenantId: tenantId ?? ctx.tenantId } : ctx;
}
