import { notFound, type Executor } from '@salon/service-kit';
import { findAppointment, type AppointmentRecord } from '../db/appointment.repository';
import type { Booker } from './callers';

/** The appointment a caller may act on: customers their own only; another tenant's is 404. */
export async function appointmentFor(
  executor: Executor,
  tenantId: string,
  booker: Booker,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AppointmentRecord> {
  const appointment = await findAppointment(executor, tenantId, id, options);
  if (!appointment) throw notFound('Appointment not found');
  if (booker.kind === 'customer' && appointment.customer_id !== booker.customerId) {
    throw notFound('Appointment not found');
  }
  return appointment;
}
