import { tenantIn, type RequestContext } from '@salon/service-kit';
import {
  listAppointments,
  type AppointmentFilters,
  type AppointmentRecord,
} from '../db/appointment.repository';
import { bookerIn } from './callers';
import type { SchedulingDeps } from './deps';

/** GET /appointments: a customer sees their own appointments whatever customer_id they ask for. */
export async function findAppointments(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { filters, page }: { filters: AppointmentFilters; page: { offset: number; limit: number } },
): Promise<{ items: AppointmentRecord[]; total: number }> {
  const tenantId = tenantIn(ctx);
  const booker = bookerIn(ctx);
  const customerId = booker.kind === 'customer' ? booker.customerId : filters.customerId;
  return listAppointments(deps.db.orm, tenantId, { ...filters, customerId }, page);
}
