import type { AppointmentSnapshot } from '@salon/contracts';
import { notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { findAppointment } from '../db/appointment.repository';
import type { SchedulingDeps } from './deps';
import { appointmentSnapshot } from './events';

/**
 * GET /internal/tenants/{tenant_id}/appointments/{appointment_id}: the appointment as its events carry it, for
 * a service whose copy has not heard of it yet (commerce, when a customer pays the moment after booking).
 */
export async function getAppointmentSnapshot(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { appointmentId }: { appointmentId: string },
): Promise<AppointmentSnapshot> {
  const appointment = await findAppointment(deps.db.orm, tenantIn(ctx), appointmentId);
  if (!appointment) throw notFound('Appointment not found');
  return appointmentSnapshot(appointment);
}
