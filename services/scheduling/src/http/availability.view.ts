import type { AvailabilityRecord, AvailabilityWrite } from '../db/availability.repository';
import type { AvailabilityInput } from '../domain/availability-writes';
import type { CreatedAvailability } from '../domain/create-availability';
import { WEEKDAY_NAMES } from '../domain/time-rules';

/** The spec's Availability entry. */
export const availabilityView = (entry: AvailabilityRecord) => {
  const { tenant_id: _tenant, ...view } = entry;
  return view;
};

/** The spec's response for a recurring pattern. */
function recurringSummary(input: AvailabilityInput, rows: AvailabilityWrite[]) {
  const first = rows[0] as AvailabilityWrite;
  const last = rows.at(-1) as AvailabilityWrite;
  const days =
    input.recurrence_type === 'daily'
      ? WEEKDAY_NAMES
      : input.recurrence_type === 'weekly'
        ? [...new Set(rows.map((row) => (new Date(`${row.date}T00:00:00Z`).getUTCDay() + 6) % 7))]
            .sort((a, b) => a - b)
            .map((day) => WEEKDAY_NAMES[day] as string)
        : [];
  return {
    message: `Created ${rows.length} ${input.availability_type} entries (${input.recurrence_type})`,
    summary: {
      total_entries_created: rows.length,
      date_range: { start: first.date, end: last.date },
      recurrence_pattern: { type: input.recurrence_type, days },
      staff_id: input.staff_id,
      availability_type: input.availability_type,
      time_range: `${first.start_time.slice(0, 5)}-${first.end_time.slice(0, 5)}`,
    },
    sample_entry: { id: first.id, date: first.date, start_time: first.start_time, end_time: first.end_time },
  };
}

/** POST /availability: the entry, or the summary of a recurring pattern. */
export const createdAvailabilityView = (created: CreatedAvailability) =>
  created.kind === 'entry' ? availabilityView(created.entry) : recurringSummary(created.input, created.rows);
