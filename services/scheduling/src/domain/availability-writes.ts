import type { EventOrigin } from '@salon/messaging';
import {
  assertOutletAccess,
  conflict,
  badRequest,
  invalidField,
  newId,
  notFound,
  type Executor,
  type StaffAuth,
} from '@salon/service-kit';
import { entriesOfStaff, insertAvailability, type AvailabilityWrite } from '../db/availability.repository';
import { lockStaff } from '../db/locks.repository';
import { findStaff, type StaffRecord } from '../db/staff.repository';
import { assertMayManage } from './availability-access';
import {
  MAX_PATTERN_ENTRIES,
  describeProblem,
  expandRecurrence,
  expectedIsAvailable,
  overlapProblem,
  type AvailabilityType,
  type RecurrenceType,
  type Slot,
} from './availability-rules';
import { slotOf } from './availability-slot';
import type { SchedulingDeps } from './deps';
import { enqueueOpenedHours } from './opened-hours';
import { formatTime } from './time-rules';

/* What creating, bulk-creating and changing availability entries share. */

export interface AvailabilityInput {
  staff_id: string;
  date: string;
  start_time: number;
  end_time: number;
  availability_type: AvailabilityType;
  recurrence_type: RecurrenceType;
  recurrence_end_date?: string | null;
  recurrence_days?: number[] | null;
  is_available?: boolean;
  notes?: string | null;
  service_ids?: string[] | null;
}

/** Rules 1–4 that need more than one field; the schema has already checked formats and the 5-minute grid. */
export function validate(input: AvailabilityInput, loc: (string | number)[] = ['body']): void {
  if (
    input.is_available !== undefined &&
    input.is_available !== expectedIsAvailable(input.availability_type)
  ) {
    throw invalidField(
      [...loc, 'is_available'],
      `is_available must be ${expectedIsAvailable(input.availability_type)} for ${input.availability_type}`,
    );
  }
  if (input.start_time >= input.end_time) {
    throw invalidField([...loc, 'end_time'], 'start_time must be before end_time');
  }
  if (input.recurrence_type !== 'none') {
    if (!input.recurrence_end_date) {
      throw invalidField(
        [...loc, 'recurrence_end_date'],
        'recurrence_end_date is required for recurring availability',
        'missing',
      );
    }
    if (input.recurrence_end_date < input.date) {
      throw invalidField([...loc, 'recurrence_end_date'], 'recurrence_end_date must not be before date');
    }
  }
}

function expand(input: AvailabilityInput, loc: (string | number)[] = ['body']): string[] {
  const days = input.recurrence_type === 'weekly' ? (input.recurrence_days ?? null) : null;
  const expansion = expandRecurrence(
    input.date,
    input.recurrence_type,
    input.recurrence_end_date ?? null,
    days,
  );
  if (!expansion.ok) {
    throw invalidField(
      [...loc, 'recurrence_end_date'],
      expansion.reason === 'too_many'
        ? `A recurring pattern may create at most ${MAX_PATTERN_ENTRIES} entries`
        : 'The recurrence pattern creates no entries',
    );
  }
  return expansion.dates;
}

async function loadStaff(tx: Executor, tenantId: string, staffId: string): Promise<StaffRecord> {
  const staff = await findStaff(tx, tenantId, staffId);
  if (!staff) throw notFound('Staff member not found');
  if (staff.status === 'terminated') throw badRequest('Staff member is terminated');
  return staff;
}

const TYPE_ORDER: Record<AvailabilityType, number> = { working_hours: 0, blocked: 1, vacation: 1, break: 2 };

/**
 * Creates every entry of the inputs (each possibly a recurring pattern) in one transaction, or none:
 * working hours first, then blocked and vacation, then breaks (which must lie within working hours). Each staff
 * member must be the writer's to manage, at an outlet the writer may act at.
 */
export async function createEntries(
  deps: SchedulingDeps,
  auth: StaffAuth,
  tenantId: string,
  inputs: { input: AvailabilityInput; loc: (string | number)[] }[],
  origin: EventOrigin,
): Promise<{ input: AvailabilityInput; rows: AvailabilityWrite[] }[]> {
  for (const { input, loc } of inputs) {
    assertMayManage(auth, input.staff_id);
    validate(input, loc);
  }
  const planned = inputs.map(({ input, loc }) => ({ input, dates: expand(input, loc) }));
  return deps.db.withTx(async (tx) => {
    const staffIds = [...new Set(inputs.map(({ input }) => input.staff_id))].sort();
    const staffById = new Map<string, StaffRecord>();
    for (const staffId of staffIds) {
      const staff = await loadStaff(tx, tenantId, staffId);
      assertOutletAccess({ caller: auth }, staff.outlet_id);
      staffById.set(staffId, staff);
      await lockStaff(tx, staffId);
    }
    const results = planned.map(({ input, dates }) => {
      const patternId = input.recurrence_type === 'none' ? null : newId();
      const staff = staffById.get(input.staff_id) as StaffRecord;
      const rows: AvailabilityWrite[] = dates.map((date) => ({
        id: newId(),
        staff_id: input.staff_id,
        outlet_id: staff.outlet_id,
        date,
        start_time: formatTime(input.start_time),
        end_time: formatTime(input.end_time),
        availability_type: input.availability_type,
        recurrence_type: input.recurrence_type,
        recurrence_end_date: input.recurrence_type === 'none' ? null : (input.recurrence_end_date ?? null),
        recurrence_days: input.recurrence_type === 'weekly' ? (input.recurrence_days ?? null) : null,
        is_available: expectedIsAvailable(input.availability_type),
        notes: input.notes ?? null,
        service_ids: input.service_ids ?? null,
        pattern_id: patternId,
      }));
      return { input, rows };
    });
    for (const staffId of staffIds) {
      const all = results.filter(({ input }) => input.staff_id === staffId).flatMap(({ rows }) => rows);
      const dates = all.map((row) => row.date).sort();
      const existing = (
        await entriesOfStaff(tx, tenantId, [staffId], dates[0] as string, dates.at(-1) as string)
      ).map(slotOf);
      const accepted: Slot[] = [...existing];
      const ordered = [...all].sort(
        (a, b) => TYPE_ORDER[a.availability_type] - TYPE_ORDER[b.availability_type],
      );
      for (const row of ordered) {
        const slot = slotOf(row);
        const problem = overlapProblem(slot, accepted);
        if (problem) throw conflict(describeProblem(problem));
        accepted.push(slot);
      }
    }
    await insertAvailability(
      tx,
      tenantId,
      results.flatMap(({ rows }) => rows),
    );
    for (const { input, rows } of results) {
      if (input.availability_type !== 'working_hours') continue;
      const staff = staffById.get(input.staff_id) as StaffRecord;
      await enqueueOpenedHours(
        deps,
        tx,
        {
          tenantId,
          outletId: staff.outlet_id,
          staffId: staff.id,
          dates: rows.map((row) => row.date),
          start: input.start_time,
          end: input.end_time,
        },
        origin,
      );
    }
    return results;
  });
}
