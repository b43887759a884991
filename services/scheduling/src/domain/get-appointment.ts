import type { RequestContext } from '@salon/service-kit';
import type { AppointmentRecord } from '../db/appointment.repository';
import { appointmentFor } from './appointment-access';
import type { SchedulingDeps } from './deps';

/** GET /appointments/{id}: customers see their own appointments only, staff those at outlets they may act at. */
export async function getAppointment(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { appointmentId }: { appointmentId: string },
): Promise<AppointmentRecord> {
  return appointmentFor(deps.db.orm, ctx, appointmentId);
}
