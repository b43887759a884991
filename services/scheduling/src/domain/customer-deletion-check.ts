import { tenantIn, type RequestContext } from '@salon/service-kit';
import { countAppointments } from '../db/appointment.repository';
import type { SchedulingDeps } from './deps';

/**
 * Identity's account-deletion pre-check: how many of the customer's appointments are today or later and not
 * cancelled or no_show. "Today" is each appointment's own (its outlet's zone, stored with it): the customer's
 * appointments may be at outlets in different zones.
 */
export async function countBlockingAppointments(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { customerId }: { customerId: string },
): Promise<number> {
  return countAppointments(deps.db.orm, tenantIn(ctx), {
    customerId,
    fromLocalDateOf: new Date(),
    statuses: ['pending', 'confirmed', 'checked_in', 'in_progress', 'completed', 'rescheduled'],
  });
}
