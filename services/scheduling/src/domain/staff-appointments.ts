import type { AppointmentStatus } from '@salon/contracts';
import { notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { listAppointments, type AppointmentRecord } from '../db/appointment.repository';
import { findStaff } from '../db/staff.repository';
import type { SchedulingDeps } from './deps';

/** GET /staff/{id}/appointments: the staff member's appointments (404 for an unknown staff member). */
export async function staffAppointments(
  deps: SchedulingDeps,
  ctx: RequestContext,
  query: {
    staffId: string;
    status?: AppointmentStatus;
    from?: string;
    to?: string;
    upcomingOnly: boolean;
    page: { offset: number; limit: number };
  },
): Promise<{ items: AppointmentRecord[]; total: number }> {
  const tenantId = tenantIn(ctx);
  if (!(await findStaff(deps.db.orm, tenantId, query.staffId))) throw notFound('Staff member not found');
  return listAppointments(
    deps.db.orm,
    tenantId,
    {
      staffId: query.staffId,
      statuses: query.status ? [query.status] : undefined,
      from: query.from,
      to: query.to,
      upcomingFrom: query.upcomingOnly ? new Date() : undefined,
    },
    query.page,
  );
}
