import { listableOutlets, tenantIn, type RequestContext } from '@salon/service-kit';
import {
  listAppointments,
  type AppointmentFilters,
  type AppointmentRecord,
} from '../db/appointment.repository';
import { bookerIn } from './callers';
import type { SchedulingDeps } from './deps';

/**
 * GET /appointments: a customer sees their own appointments whatever customer_id they ask for; staff bound to
 * outlets those at their outlets (403 when the outlet_id filter names another).
 */
export async function findAppointments(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { filters, page }: { filters: AppointmentFilters; page: { offset: number; limit: number } },
): Promise<{ items: AppointmentRecord[]; total: number }> {
  const tenantId = tenantIn(ctx);
  const booker = bookerIn(ctx);
  const customerId = booker.kind === 'customer' ? booker.customerId : filters.customerId;
  const outletIds = listableOutlets(ctx, filters.outletId);
  return listAppointments(deps.db.orm, tenantId, { ...filters, customerId, outletIds }, page);
}
