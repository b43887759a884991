import type { AppointmentSnapshot, EventEnvelope } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import { upsertAppointmentCounter } from '../../db/stats.repository';

/**
 * scheduling.appointment.created/cancelled/confirmed/status_changed.v1: the appointment's latest status and
 * date for tenant stats, one row per appointment, newest snapshot `version` kept.
 */
export async function applyAppointmentEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as AppointmentSnapshot;
  await upsertAppointmentCounter(tx, {
    appointment_id: data.appointment_id,
    tenant_id: data.tenant_id,
    status: data.status,
    appointment_date: data.appointment_date,
    version: data.version,
  });
}
