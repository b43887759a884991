import type { AppointmentSnapshot } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import { upsertAppointmentCounter } from '../db/stats.repository';
import { refreshCustomerLoyalty } from './customer-loyalty';

/**
 * Every scheduling.appointment.* event: the appointment's latest status, date, customer and price for tenant
 * stats and the customer's history, one row per appointment, the newest snapshot `version` kept; then the
 * customer's visits and spend are recomputed.
 */
export async function countAppointment(tx: Executor, snapshot: AppointmentSnapshot): Promise<void> {
  await upsertAppointmentCounter(tx, {
    appointment_id: snapshot.appointment_id,
    tenant_id: snapshot.tenant_id,
    status: snapshot.status,
    appointment_date: snapshot.appointment_date,
    version: snapshot.version,
    customer_id: snapshot.customer_id,
    total_price: snapshot.total_price,
  });
  if (snapshot.customer_id) await refreshCustomerLoyalty(tx, snapshot.tenant_id, snapshot.customer_id);
}
