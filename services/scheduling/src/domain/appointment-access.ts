import {
  assertOutletAccess,
  notFound,
  tenantIn,
  type Executor,
  type RequestContext,
} from '@salon/service-kit';
import { findAppointment, type AppointmentRecord } from '../db/appointment.repository';
import { bookerIn } from './callers';

/**
 * The appointment a caller may act on: customers their own only (another's is 404, as another tenant's); staff
 * one at an outlet they may act at (403 otherwise: an OUTLET_MANAGER only at the outlets it manages).
 */
export async function appointmentFor(
  executor: Executor,
  ctx: RequestContext,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AppointmentRecord> {
  const booker = bookerIn(ctx);
  const appointment = await findAppointment(executor, tenantIn(ctx), id, options);
  if (!appointment) throw notFound('Appointment not found');
  if (booker.kind === 'customer' && appointment.customer_id !== booker.customerId) {
    throw notFound('Appointment not found');
  }
  assertOutletAccess(ctx, appointment.outlet_id);
  return appointment;
}
