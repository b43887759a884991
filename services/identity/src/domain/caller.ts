import {
  forbidden,
  unauthorized,
  type CustomerAuth,
  type RequestContext,
  type StaffAuth,
} from '@salon/service-kit';

const INSUFFICIENT = 'Insufficient permissions';

/** The staff member acting (the routes' `authenticate` lets only staff tokens through). */
export function staffIn(ctx: RequestContext): StaffAuth {
  if (!ctx.caller) throw unauthorized('Not authenticated');
  if (ctx.caller.kind !== 'staff') throw forbidden(INSUFFICIENT);
  return ctx.caller;
}

/** The signed-in customer acting (the routes' `authenticate` lets only customer tokens through). */
export function customerIn(ctx: RequestContext): CustomerAuth {
  if (!ctx.caller) throw unauthorized('Not authenticated');
  if (ctx.caller.kind !== 'customer') throw forbidden(INSUFFICIENT);
  return ctx.caller;
}
