import {
  forbidden,
  unauthorized,
  type AuthContext,
  type RequestContext,
  type StaffAuth,
} from '@salon/service-kit';
import type { AppointmentActor } from '../db/appointment.repository';

/** Who books or acts on an appointment: a customer for themselves, or staff for a customer. */
export type Booker = { kind: 'customer'; customerId: string } | { kind: 'staff' };

function callerIn(ctx: RequestContext): AuthContext {
  if (!ctx.caller) throw unauthorized('Not authenticated');
  return ctx.caller;
}

export const isCustomer = (ctx: RequestContext): boolean => ctx.caller?.kind === 'customer';

export function bookerIn(ctx: RequestContext): Booker {
  const caller = callerIn(ctx);
  return caller.kind === 'customer' ? { kind: 'customer', customerId: caller.customerId } : { kind: 'staff' };
}

/** The staff caller (the routes let only staff tokens through where this is asked). */
export function staffIn(ctx: RequestContext): StaffAuth {
  const caller = callerIn(ctx);
  if (caller.kind !== 'staff') throw forbidden('Insufficient permissions');
  return caller;
}

/** The customer caller's id (the routes let only customer tokens through where this is asked). */
export function customerIn(ctx: RequestContext): string {
  const caller = callerIn(ctx);
  if (caller.kind !== 'customer') throw forbidden('Insufficient permissions');
  return caller.customerId;
}

/** Who acts on an appointment, as the appointment records it (the staff user, or the customer). */
export function actorIn(ctx: RequestContext): AppointmentActor {
  const caller = callerIn(ctx);
  return caller.kind === 'customer'
    ? { type: 'customer', id: caller.customerId }
    : { type: 'staff', id: caller.userId };
}
