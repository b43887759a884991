import { forbidden } from './errors';
import type { RequestContext } from './request-context';

/**
 * The outlets a caller may act at, or undefined for every outlet of its tenant.
 *
 * Spec 01, Authentication rule 4: an OUTLET_MANAGER acts only at the outlets it manages, the `outlet_ids` of its
 * token (none listed: none managed). STAFF and RECEPTIONIST whose token lists outlets are held to those the same
 * way; one whose token lists none is bound to no outlet, as every STAFF and RECEPTIONIST was before
 * (docs/decisions.md, "Outlet access"). TENANT_ADMIN and SUPER_ADMIN act at every outlet of the tenant; so do
 * customers (they book anywhere) and contexts without a caller (jobs, event handlers).
 */
export type OutletScope = readonly string[] | undefined;

/** Anything carrying the verified caller: a `RequestContext`, or a use case's own view of it. */
export type WithCaller = Pick<RequestContext, 'caller'>;

export function outletScopeOf({ caller }: WithCaller): OutletScope {
  if (caller?.kind !== 'staff') return undefined;
  switch (caller.role) {
    case 'OUTLET_MANAGER':
      return caller.outletIds;
    case 'STAFF':
    case 'RECEPTIONIST':
      return caller.outletIds.length > 0 ? caller.outletIds : undefined;
    default:
      return undefined;
  }
}

/** Whether the caller may act at the outlet (see `outletScopeOf`). */
export const mayActAtOutlet = (ctx: WithCaller, outletId: string): boolean => {
  const scope = outletScopeOf(ctx);
  return scope === undefined || scope.includes(outletId);
};

export const OUTLET_ACCESS_DENIED = 'You do not have access to this outlet';

/**
 * 403 `{detail}` unless the caller may act at every one of `outletIds`: the one check of "this record belongs to an
 * outlet" wherever a route reads or changes such a record (a staff member, an availability entry, an appointment,
 * an outlet price, the outlet itself).
 */
export function assertOutletAccess(
  ctx: WithCaller,
  outletIds: string | readonly string[],
  detail = OUTLET_ACCESS_DENIED,
): void {
  const asked = typeof outletIds === 'string' ? [outletIds] : outletIds;
  if (asked.some((outletId) => !mayActAtOutlet(ctx, outletId))) throw forbidden(detail);
}

/**
 * The outlets a list may show the caller: the list's own `outlet_id` filter when it names one (403 when the caller
 * may not act there), else the caller's scope. Undefined: no restriction (every outlet of the tenant).
 */
export function listableOutlets(ctx: WithCaller, requested?: string): OutletScope {
  if (requested === undefined) return outletScopeOf(ctx);
  assertOutletAccess(ctx, requested);
  return [requested];
}
