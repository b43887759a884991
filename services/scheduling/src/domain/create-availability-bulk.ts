import { originOf } from '@salon/messaging';
import { tenantIn, type RequestContext } from '@salon/service-kit';
import { findAvailability, type AvailabilityRecord } from '../db/availability.repository';
import { createEntries, type AvailabilityInput } from './availability-writes';
import { staffIn } from './callers';
import { PRODUCER, type SchedulingDeps } from './deps';

/** POST /availability/bulk: every entry of every input in one transaction, or none. */
export async function createAvailabilityBulk(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { entries: inputs }: { entries: AvailabilityInput[] },
): Promise<{ total_entries_created: number; entries: AvailabilityRecord[] }> {
  const tenantId = tenantIn(ctx);
  const results = await createEntries(
    deps,
    staffIn(ctx),
    tenantId,
    inputs.map((input, index) => ({ input, loc: ['body', 'entries', index] })),
    originOf(ctx, PRODUCER),
  );
  const ids = results.flatMap(({ rows }) => rows.map((row) => row.id));
  const entries: AvailabilityRecord[] = [];
  for (const id of ids)
    entries.push((await findAvailability(deps.db.orm, tenantId, id)) as AvailabilityRecord);
  return { total_entries_created: ids.length, entries };
}
