import { originOf } from '@salon/messaging';
import { conflict, tenantIn, type RequestContext } from '@salon/service-kit';
import {
  entriesOfStaff,
  findAvailability,
  updateAvailability,
  type AvailabilityRecord,
} from '../db/availability.repository';
import { lockStaff } from '../db/locks.repository';
import { entryToManage } from './availability-access';
import {
  describeProblem,
  expectedIsAvailable,
  orphanedBreak,
  overlapProblem,
  type AvailabilityType,
  type Slot,
} from './availability-rules';
import { slotOf } from './availability-slot';
import { validate, type AvailabilityInput } from './availability-writes';
import { staffIn } from './callers';
import { PRODUCER, type SchedulingDeps } from './deps';
import { enqueueOpenedHours } from './opened-hours';
import { formatTime } from './time-rules';

export interface AvailabilityChange {
  date?: string;
  start_time?: number;
  end_time?: number;
  availability_type?: AvailabilityType;
  is_available?: boolean;
  notes?: string | null;
  service_ids?: string[] | null;
}

/** PUT: one entry (one occurrence of a pattern), under the same rules as creation. */
export async function changeAvailability(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { availabilityId: id, ...change }: AvailabilityChange & { availabilityId: string },
): Promise<AvailabilityRecord> {
  const tenantId = tenantIn(ctx);
  const auth = staffIn(ctx);
  return deps.db.withTx(async (tx) => {
    const current = await entryToManage(tx, tenantId, auth, id);
    const currentSlot = slotOf(current);
    const type = change.availability_type ?? current.availability_type;
    const next: AvailabilityInput = {
      staff_id: current.staff_id,
      date: change.date ?? current.date,
      start_time: change.start_time ?? currentSlot.start,
      end_time: change.end_time ?? currentSlot.end,
      availability_type: type,
      recurrence_type: 'none',
      is_available: change.is_available,
      notes: change.notes === undefined ? current.notes : change.notes,
      service_ids: change.service_ids === undefined ? current.service_ids : change.service_ids,
    };
    validate(next);
    await lockStaff(tx, current.staff_id);
    const dates = [current.date, next.date].sort();
    const others = (
      await entriesOfStaff(tx, tenantId, [current.staff_id], dates[0] as string, dates[1] as string)
    )
      .filter((entry) => entry.id !== id)
      .map(slotOf);
    const slot: Slot = {
      id,
      date: next.date,
      start: next.start_time,
      end: next.end_time,
      type,
      service_ids: next.service_ids,
    };
    const problem = overlapProblem(slot, others);
    if (problem) throw conflict(describeProblem(problem));
    for (const date of new Set(dates)) {
      const orphan = orphanedBreak([...others, slot], date);
      if (orphan) throw conflict(describeProblem({ kind: 'break_left_outside', with: orphan }));
    }
    await updateAvailability(tx, tenantId, {
      ...current,
      date: next.date,
      start_time: formatTime(next.start_time),
      end_time: formatTime(next.end_time),
      availability_type: type,
      is_available: expectedIsAvailable(type),
      notes: next.notes ?? null,
      service_ids: next.service_ids ?? null,
      pattern_id: null,
    });
    // Time the change opens for the waitlist: the new working hours, or where a block, vacation or break was.
    const opened =
      type === 'working_hours'
        ? { date: next.date, start: next.start_time, end: next.end_time }
        : current.availability_type !== 'working_hours'
          ? { date: current.date, start: currentSlot.start, end: currentSlot.end }
          : null;
    if (opened) {
      await enqueueOpenedHours(
        deps,
        tx,
        {
          tenantId,
          outletId: current.outlet_id,
          staffId: current.staff_id,
          dates: [opened.date],
          start: opened.start,
          end: opened.end,
        },
        originOf(ctx, PRODUCER),
      );
    }
    return (await findAvailability(tx, tenantId, id)) as AvailabilityRecord;
  });
}
