import { tenantIn, type RequestContext } from '@salon/service-kit';
import type { AppointmentRecord } from '../db/appointment.repository';
import { appointmentFor } from './appointment-access';
import { bookerIn } from './callers';
import type { SchedulingDeps } from './deps';

/** GET /appointments/{id}: customers see their own appointments only. */
export async function getAppointment(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { appointmentId }: { appointmentId: string },
): Promise<AppointmentRecord> {
  return appointmentFor(deps.db.orm, tenantIn(ctx), bookerIn(ctx), appointmentId);
}
