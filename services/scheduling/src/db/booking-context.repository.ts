import { sql } from 'drizzle-orm';
import { idArray, selectRows, type Executor } from '@salon/service-kit';
import { availabilityColumns, type AvailabilityRecord } from './availability.repository';
import {
  serviceColumns,
  tenantAndOutletJson,
  type CustomerReplica,
  type OutletView,
  type ServiceReplica,
  type TenantSettingsView,
} from './replica.repository';
import { staffColumns, type StaffRecord } from './staff.repository';

/** Everything a booking decision reads before the lock, fetched in one round trip. */
export interface BookingContext {
  tenant: TenantSettingsView | null;
  outlet: OutletView | null;
  services: ServiceReplica[];
  staff: StaffRecord[];
  /** The staff members' availability entries on the appointment date. */
  entries: AvailabilityRecord[];
  /** The customer wherever it lives (the caller checks the tenant). */
  customer: CustomerReplica | null;
}

export async function loadBookingContext(
  executor: Executor,
  tenantId: string,
  query: { outletId: string; serviceIds: string[]; staffIds: string[]; date: string; customerId?: string },
): Promise<BookingContext> {
  const [row] = await selectRows<BookingContext>(
    executor,
    sql`SELECT
      ${tenantAndOutletJson(tenantId, query.outletId)},
      (SELECT coalesce(json_agg(v), '[]'::json) FROM (SELECT ${serviceColumns} FROM scheduling.services
         WHERE tenant_id = ${tenantId} AND service_id = ANY(${idArray(query.serviceIds)})) v) AS services,
      (SELECT coalesce(json_agg(v), '[]'::json) FROM (SELECT ${staffColumns} FROM scheduling.staff s
         WHERE s.tenant_id = ${tenantId} AND s.id = ANY(${idArray(query.staffIds)})) v) AS staff,
      (SELECT coalesce(json_agg(v), '[]'::json) FROM (SELECT ${availabilityColumns} FROM scheduling.availability
         WHERE tenant_id = ${tenantId} AND staff_id = ANY(${idArray(query.staffIds)})
           AND date = ${query.date}::date) v) AS entries,
      (SELECT row_to_json(c) FROM (SELECT customer_id, tenant_id, first_name, last_name, email, phone, is_active,
                                          is_deleted, version
                                   FROM scheduling.customers WHERE customer_id = ${query.customerId ?? ''}) c)
        AS customer`,
  );
  return row as BookingContext;
}
