import type { Request } from 'express';
import type { AuthContext } from './auth-claims';
import { forbidden } from './errors';

/**
 * Who acts, for whom, and under which request: the second argument of every use case, `(deps, ctx, input)`.
 * Built from the verified token only (a tenant id in a body or query is never trusted) by `contextOf`.
 */
export interface RequestContext {
  /** The tenant acted in; null for a SUPER_ADMIN token not scoped to a tenant, and on routes without a token. */
  tenantId: string | null;
  /** The verified caller; null on public and internal routes. */
  caller: AuthContext | null;
  /** The request id: every event the use case publishes carries it as `correlation_id`. */
  requestId: string;
}

/** The context of an HTTP request, after `requestId()` and, where the route has one, `authenticate`. */
export function contextOf(req: Request): RequestContext {
  const caller = req.auth ?? null;
  return { tenantId: caller?.tenantId ?? null, caller, requestId: req.id };
}

/** The tenant the use case acts in; 403 when the caller has none (a SUPER_ADMIN token not scoped to one). */
export function tenantIn(ctx: RequestContext): string {
  if (ctx.tenantId === null) throw forbidden('Tenant context required');
  return ctx.tenantId;
}

/** A context outside any request (jobs, event handlers): `requestId` is the correlation to carry on. */
export const systemContext = (requestId: string, tenantId: string | null = null): RequestContext => ({
  tenantId,
  caller: null,
  requestId,
});
