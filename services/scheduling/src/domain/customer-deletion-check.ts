import { tenantIn, type RequestContext } from '@salon/service-kit';
import { countAppointments } from '../db/appointment.repository';
import type { SchedulingDeps } from './deps';
import { tenantSettings } from './tenant-settings';
import { localOf } from './time-rules';

/**
 * Identity's account-deletion pre-check: how many of the customer's appointments are today or later and not
 * cancelled or no_show (the tenant's today).
 */
export async function countBlockingAppointments(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { customerId }: { customerId: string },
): Promise<number> {
  const tenantId = tenantIn(ctx);
  const { timezone } = await tenantSettings(deps.db.orm, tenantId);
  return countAppointments(deps.db.orm, tenantId, {
    customerId,
    from: localOf(new Date(), timezone).date,
    statuses: ['pending', 'confirmed', 'checked_in', 'in_progress', 'completed', 'rescheduled'],
  });
}
