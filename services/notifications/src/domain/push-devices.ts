import { notFound, type RequestContext } from '@salon/service-kit';
import * as devices from '../db/push-device.repository';
import type { NotificationsDeps } from './deps';

/** The signed-in customer (customer routes only serve customer tokens). */
function customerIn(ctx: RequestContext) {
  if (ctx.caller?.kind !== 'customer') throw new Error('A customer route without a customer token');
  return { tenantId: ctx.caller.tenantId, customerId: ctx.caller.customerId };
}

/** Registers (or re-registers) one of the customer's devices: push messages go to every registered one. */
export function registerDevice(
  deps: NotificationsDeps,
  ctx: RequestContext,
  input: { token: string; platform: devices.DevicePlatform },
) {
  return deps.db.withTx((tx) => devices.upsertDevice(tx, { ...customerIn(ctx), ...input }));
}

/** Unregisters one of the customer's devices; 404 when it is not theirs (or not registered). */
export async function unregisterDevice(deps: NotificationsDeps, ctx: RequestContext, token: string) {
  const removed = await deps.db.withTx((tx) => devices.deleteDevice(tx, { ...customerIn(ctx), token }));
  if (!removed) throw notFound('Device not found');
}
