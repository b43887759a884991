import type { AppointmentStatus } from '@salon/contracts';
import { forbidden, notFound, outletScopeOf, tenantIn, type RequestContext } from '@salon/service-kit';
import { customerStatistics, listAppointments } from '../db/appointment.repository';
import { findCustomerAnyTenant } from '../db/replica.repository';
import type { SchedulingDeps } from './deps';

/**
 * GET /customers/{customer_id}/appointments: newest first, with statistics over all the customer's
 * appointments (for a caller bound to outlets: those at its outlets, list and statistics alike). Another
 * tenant's customer is 403 (as on identity's /customers/{id} routes); unknown 404.
 */
export async function customerAppointments(
  deps: SchedulingDeps,
  ctx: RequestContext,
  {
    customerId,
    filters,
    page,
  }: {
    customerId: string;
    filters: { status?: AppointmentStatus; from?: string; to?: string };
    page: { offset: number; limit: number };
  },
) {
  const tenantId = tenantIn(ctx);
  const executor = deps.db.orm;
  const outletIds = outletScopeOf(ctx);
  const customer = await findCustomerAnyTenant(executor, customerId);
  if (customer && customer.tenant_id !== tenantId) throw forbidden('Access denied');
  const [list, statistics] = await Promise.all([
    listAppointments(
      executor,
      tenantId,
      {
        customerId,
        outletIds,
        statuses: filters.status ? [filters.status] : undefined,
        from: filters.from,
        to: filters.to,
      },
      page,
      'desc',
    ),
    customerStatistics(executor, tenantId, customerId, new Date(), outletIds),
  ]);
  if (!customer && statistics.total_appointments === 0) throw notFound('Customer not found');
  return { ...list, statistics };
}
