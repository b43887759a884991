import { forbidden, tenantIn, type RequestContext, type Role } from '@salon/service-kit';

/** Who is asking: staff see every status, customers only bookable services. */
export interface Viewer {
  tenantId: string;
  customer: boolean;
}

/** A staff writer: its role and, for an OUTLET_MANAGER, the outlets it manages. */
export interface Writer {
  tenantId: string;
  role: Role;
  outletIds: string[];
}

export const isCustomer = (ctx: RequestContext): boolean => ctx.caller?.kind === 'customer';

export const viewerIn = (ctx: RequestContext): Viewer => ({
  tenantId: tenantIn(ctx),
  customer: isCustomer(ctx),
});

/** The staff caller writing services (the routes let only TENANT_ADMIN and OUTLET_MANAGER through). */
export function writerIn(ctx: RequestContext): Writer {
  const { caller } = ctx;
  if (caller?.kind !== 'staff') throw forbidden('Insufficient permissions');
  return { tenantId: tenantIn(ctx), role: caller.role, outletIds: caller.outletIds };
}
