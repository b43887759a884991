import { forbidden, tenantIn, type RequestContext, type StaffAuth } from '@salon/service-kit';

/** Who is asking: staff see every status, customers only bookable services. */
export interface Viewer {
  tenantId: string;
  customer: boolean;
}

/** A staff writer: its tenant, and the caller whose outlets `assertOutletAccess` checks. */
export interface Writer {
  tenantId: string;
  caller: StaffAuth;
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
  return { tenantId: tenantIn(ctx), caller };
}
