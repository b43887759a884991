import type { AppointmentStatus } from '@salon/contracts';
import {
  assertOutletAccess,
  notFound,
  outletScopeOf,
  tenantIn,
  type RequestContext,
} from '@salon/service-kit';
import { listAppointments, type AppointmentRecord } from '../db/appointment.repository';
import { findStaff } from '../db/staff.repository';
import type { SchedulingDeps } from './deps';

/**
 * GET /staff/{id}/appointments: the staff member's appointments (404 for an unknown staff member, 403 for one of
 * an outlet the caller may not act at); a caller bound to outlets sees those at its outlets only (a member who
 * moved keeps appointments at the outlet it left).
 */
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
  const staff = await findStaff(deps.db.orm, tenantId, query.staffId);
  if (!staff) throw notFound('Staff member not found');
  assertOutletAccess(ctx, staff.outlet_id);
  return listAppointments(
    deps.db.orm,
    tenantId,
    {
      staffId: query.staffId,
      outletIds: outletScopeOf(ctx),
      statuses: query.status ? [query.status] : undefined,
      from: query.from,
      to: query.to,
      upcomingFrom: query.upcomingOnly ? new Date() : undefined,
    },
    query.page,
  );
}
