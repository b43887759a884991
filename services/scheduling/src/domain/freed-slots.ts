import type { AppointmentSnapshot } from '@salon/contracts';
import type { FreedSlot } from '../db/waitlist.repository';
import { parseTime } from './time-rules';

const minutesOf = (time: string): number => parseTime(time) ?? 0;

/**
 * The slots an appointment gave up: each service line's staff member at the line's start, on the appointment's
 * local date (`shift` minutes earlier for the place a reschedule moved it from, the lines keeping their order).
 */
export function freedSlotsOf(
  appointment: Pick<AppointmentSnapshot, 'tenant_id' | 'outlet_id' | 'services'>,
  date: string,
  shift = 0,
): FreedSlot[] {
  return appointment.services.map((line) => ({
    tenantId: appointment.tenant_id,
    outletId: appointment.outlet_id,
    staffId: line.staff_id,
    date,
    startTime: minutesOf(line.start_time) - shift,
  }));
}

/** A reschedule frees where the appointment was: its previous date, each line moved back by the same offset. */
export const previousSlotsOf = (
  appointment: Pick<AppointmentSnapshot, 'tenant_id' | 'outlet_id' | 'services' | 'start_time'> & {
    previous: { appointment_date: string; start_time: string };
  },
): FreedSlot[] =>
  freedSlotsOf(
    appointment,
    appointment.previous.appointment_date,
    minutesOf(appointment.start_time) - minutesOf(appointment.previous.start_time),
  ).filter((slot) => slot.startTime >= 0);
