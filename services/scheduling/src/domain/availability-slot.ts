import type { AvailabilityRecord } from '../db/availability.repository';
import type { Slot } from './availability-rules';
import { parseTime } from './time-rules';

/** An availability entry as the rules see it: minutes of the day. */
export const slotOf = (
  entry: Pick<
    AvailabilityRecord,
    'id' | 'date' | 'start_time' | 'end_time' | 'availability_type' | 'service_ids'
  >,
): Slot => ({
  id: entry.id,
  date: entry.date,
  start: parseTime(entry.start_time) as number,
  end: parseTime(entry.end_time) as number,
  type: entry.availability_type,
  service_ids: entry.service_ids,
});
