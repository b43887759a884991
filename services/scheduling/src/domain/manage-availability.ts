import {
  badRequest,
  conflict,
  forbidden,
  invalidField,
  newId,
  notFound,
  type Executor,
  type StaffAuth,
} from '@salon/service-kit';
import {
  deleteAvailability,
  entriesOfStaff,
  findAvailability,
  insertAvailability,
  updateAvailability,
  type AvailabilityRecord,
  type AvailabilityWrite,
} from '../db/availability.repository';
// Availability changes of one staff member are serialised with the staff member's bookings.
import { lockStaff } from '../db/locks.repository';
import { findStaff, type StaffRecord } from '../db/staff.repository';
import {
  MAX_PATTERN_ENTRIES,
  describeProblem,
  expandRecurrence,
  expectedIsAvailable,
  orphanedBreak,
  overlapProblem,
  type AvailabilityType,
  type RecurrenceType,
  type Slot,
} from './availability-rules';
import type { SchedulingDeps } from './deps';
import { WEEKDAY_NAMES, formatTime, parseTime } from './time-rules';

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

const WRITERS = new Set(['SUPER_ADMIN', 'TENANT_ADMIN', 'OUTLET_MANAGER', 'STAFF']);

/** STAFF and OUTLET_MANAGER manage only their own entries (the staff member linked to their token). */
export function assertMayManage(auth: StaffAuth, staffId: string): void {
  if (!WRITERS.has(auth.role)) throw forbidden('Insufficient permissions');
  if ((auth.role === 'STAFF' || auth.role === 'OUTLET_MANAGER') && auth.staffId !== staffId) {
    throw forbidden('You can only manage your own availability');
  }
}

/** Who's entries a reader may see: undefined = every staff member of the tenant. */
export function visibleStaffIds(auth: StaffAuth): string[] | undefined {
  if (auth.role === 'STAFF' || auth.role === 'OUTLET_MANAGER') return auth.staffId ? [auth.staffId] : [];
  return undefined;
}

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

/** Rules 1–4 that need more than one field; the schema has already checked formats and the 5-minute grid. */
function validate(input: AvailabilityInput, loc: (string | number)[] = ['body']): void {
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
 * working hours first, then blocked and vacation, then breaks (which must lie within working hours).
 */
async function createEntries(
  deps: SchedulingDeps,
  auth: StaffAuth,
  tenantId: string,
  inputs: { input: AvailabilityInput; loc: (string | number)[] }[],
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
      staffById.set(staffId, await loadStaff(tx, tenantId, staffId));
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
    return results;
  });
}

export async function createAvailability(
  deps: SchedulingDeps,
  auth: StaffAuth,
  tenantId: string,
  input: AvailabilityInput,
): Promise<Record<string, unknown>> {
  const [result] = await createEntries(deps, auth, tenantId, [{ input, loc: ['body'] }]);
  const { rows } = result as { rows: AvailabilityWrite[] };
  if (input.recurrence_type === 'none') {
    return (await findAvailability(
      deps.db.orm,
      tenantId,
      (rows[0] as AvailabilityWrite).id,
    )) as unknown as Record<string, unknown>;
  }
  return recurringSummary(input, rows);
}

/** The spec's response for a recurring pattern. */
export function recurringSummary(input: AvailabilityInput, rows: AvailabilityWrite[]) {
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

export async function createAvailabilityBulk(
  deps: SchedulingDeps,
  auth: StaffAuth,
  tenantId: string,
  inputs: AvailabilityInput[],
): Promise<{ total_entries_created: number; entries: AvailabilityRecord[] }> {
  const results = await createEntries(
    deps,
    auth,
    tenantId,
    inputs.map((input, index) => ({ input, loc: ['body', 'entries', index] })),
  );
  const ids = results.flatMap(({ rows }) => rows.map((row) => row.id));
  const entries: AvailabilityRecord[] = [];
  for (const id of ids)
    entries.push((await findAvailability(deps.db.orm, tenantId, id)) as AvailabilityRecord);
  return { total_entries_created: ids.length, entries };
}

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
  auth: StaffAuth,
  tenantId: string,
  id: string,
  change: AvailabilityChange,
): Promise<AvailabilityRecord> {
  return deps.db.withTx(async (tx) => {
    const current = await findAvailability(tx, tenantId, id);
    if (!current) throw notFound('Availability entry not found');
    assertMayManage(auth, current.staff_id);
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
    return (await findAvailability(tx, tenantId, id)) as AvailabilityRecord;
  });
}

/** DELETE: refused when it would leave a break outside working hours. */
export async function removeAvailability(
  deps: SchedulingDeps,
  auth: StaffAuth,
  tenantId: string,
  id: string,
): Promise<void> {
  await deps.db.withTx(async (tx) => {
    const current = await findAvailability(tx, tenantId, id);
    if (!current) throw notFound('Availability entry not found');
    assertMayManage(auth, current.staff_id);
    await lockStaff(tx, current.staff_id);
    if (current.availability_type === 'working_hours') {
      const others = (await entriesOfStaff(tx, tenantId, [current.staff_id], current.date, current.date))
        .filter((entry) => entry.id !== id)
        .map(slotOf);
      const orphan = orphanedBreak(others, current.date);
      if (orphan) throw conflict(describeProblem({ kind: 'break_left_outside', with: orphan }));
    }
    await deleteAvailability(tx, tenantId, id);
  });
}
