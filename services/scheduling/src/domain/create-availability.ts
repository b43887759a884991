import { originOf } from '@salon/messaging';
import { tenantIn, type RequestContext } from '@salon/service-kit';
import {
  findAvailability,
  type AvailabilityRecord,
  type AvailabilityWrite,
} from '../db/availability.repository';
import { createEntries, type AvailabilityInput } from './availability-writes';
import { staffIn } from './callers';
import { PRODUCER, type SchedulingDeps } from './deps';

/** One entry, or every entry of a recurring pattern (answered with a summary of the pattern). */
export type CreatedAvailability =
  | { kind: 'entry'; entry: AvailabilityRecord }
  | { kind: 'pattern'; input: AvailabilityInput; rows: AvailabilityWrite[] };

/** POST /availability: one entry or a recurring pattern, all or nothing. */
export async function createAvailability(
  deps: SchedulingDeps,
  ctx: RequestContext,
  input: AvailabilityInput,
): Promise<CreatedAvailability> {
  const tenantId = tenantIn(ctx);
  const [result] = await createEntries(
    deps,
    staffIn(ctx),
    tenantId,
    [{ input, loc: ['body'] }],
    originOf(ctx, PRODUCER),
  );
  const { rows } = result as { rows: AvailabilityWrite[] };
  if (input.recurrence_type === 'none') {
    const entry = await findAvailability(deps.db.orm, tenantId, (rows[0] as AvailabilityWrite).id);
    return { kind: 'entry', entry: entry as AvailabilityRecord };
  }
  return { kind: 'pattern', input, rows };
}
