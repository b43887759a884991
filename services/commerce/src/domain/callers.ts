import { forbidden, type RequestContext } from '@salon/service-kit';

/** The calling customer's id; 403 for any other caller (the customer routes only let customers through). */
export function customerIn(ctx: RequestContext): string {
  if (ctx.caller?.kind !== 'customer') throw forbidden('Customer token required');
  return ctx.caller.customerId;
}

/** The calling staff user's id (who sold, recorded, redeemed or credited); 403 for any other caller. */
export function staffUserIn(ctx: RequestContext): string {
  if (ctx.caller?.kind !== 'staff') throw forbidden('Insufficient permissions');
  return ctx.caller.userId;
}

/** A customer caller sees only their own records: their id, or undefined for staff (who see the tenant's). */
export const ownCustomerOf = (ctx: RequestContext): string | undefined =>
  ctx.caller?.kind === 'customer' ? ctx.caller.customerId : undefined;
