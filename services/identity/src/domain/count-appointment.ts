import type { AppointmentSnapshot } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import { upsertAppointmentCounter } from '../db/stats.repository';

/**
 * Every scheduling.appointment.* event: the appointment's latest status and date for tenant stats, one row per
 * appointment, the newest snapshot `version` kept.
 */
export async function countAppointment(tx: Executor, snapshot: AppointmentSnapshot): Promise<void> {
  await upsertAppointmentCounter(tx, {
    appointment_id: snapshot.appointment_id,
    tenant_id: snapshot.tenant_id,
    status: snapshot.status,
    appointment_date: snapshot.appointment_date,
    version: snapshot.version,
  });
}
