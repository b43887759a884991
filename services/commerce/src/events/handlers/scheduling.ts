import type { AppointmentSnapshot, EventEnvelope } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import { upsertAppointment } from '../../db/appointment.repository';

/** scheduling.appointment.*: price lines, customer and status of the appointments commerce takes payment for. */
export async function applyAppointmentEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  await upsertAppointment(tx, event.data as AppointmentSnapshot);
}
