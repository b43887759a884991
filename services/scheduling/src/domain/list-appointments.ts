import type { AppointmentStatus } from '@salon/contracts';
import { forbidden, notFound } from '@salon/service-kit';
import { customerStatistics, listAppointments, type AppointmentFilters } from '../db/appointment.repository';
import { findCustomerAnyTenant } from '../db/replica.repository';
import type { SchedulingDeps } from './deps';

export async function staffAppointments(
  deps: SchedulingDeps,
  tenantId: string,
  staffId: string,
  query: {
    status?: AppointmentStatus;
    from?: string;
    to?: string;
    upcomingOnly: boolean;
    page: { offset: number; limit: number };
  },
) {
  return listAppointments(
    deps.db.orm,
    tenantId,
    {
      staffId,
      statuses: query.status ? [query.status] : undefined,
      from: query.from,
      to: query.to,
      upcomingFrom: query.upcomingOnly ? new Date() : undefined,
    },
    query.page,
  );
}

export async function findAppointmentsPage(
  deps: SchedulingDeps,
  tenantId: string,
  filters: AppointmentFilters,
  page: { offset: number; limit: number },
) {
  return listAppointments(deps.db.orm, tenantId, filters, page);
}

/**
 * GET /customers/{customer_id}/appointments: newest first, with statistics over all the customer's
 * appointments. Another tenant's customer is 403 (as on identity's /customers/{id} routes); unknown 404.
 */
export async function customerAppointments(
  deps: SchedulingDeps,
  tenantId: string,
  customerId: string,
  filters: { status?: AppointmentStatus; from?: string; to?: string },
  page: { offset: number; limit: number },
) {
  const executor = deps.db.orm;
  const customer = await findCustomerAnyTenant(executor, customerId);
  if (customer && customer.tenant_id !== tenantId) throw forbidden('Access denied');
  const [list, statistics] = await Promise.all([
    listAppointments(
      executor,
      tenantId,
      {
        customerId,
        statuses: filters.status ? [filters.status] : undefined,
        from: filters.from,
        to: filters.to,
      },
      page,
      'desc',
    ),
    customerStatistics(executor, tenantId, customerId, new Date()),
  ]);
  if (!customer && statistics.total_appointments === 0) throw notFound('Customer not found');
  return { ...list, statistics };
}
