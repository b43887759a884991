import { originOf } from '@salon/messaging';
import { conflict, tenantIn, type RequestContext } from '@salon/service-kit';
import { deleteAvailability, entriesOfStaff } from '../db/availability.repository';
import { lockStaff } from '../db/locks.repository';
import { entryToManage } from './availability-access';
import { describeProblem, orphanedBreak } from './availability-rules';
import { slotOf } from './availability-slot';
import { staffIn } from './callers';
import { PRODUCER, type SchedulingDeps } from './deps';
import { enqueueOpenedHours } from './opened-hours';

/** DELETE: refused when it would leave a break outside working hours. */
export async function removeAvailability(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { availabilityId: id }: { availabilityId: string },
): Promise<void> {
  const tenantId = tenantIn(ctx);
  const auth = staffIn(ctx);
  await deps.db.withTx(async (tx) => {
    const current = await entryToManage(tx, tenantId, auth, id);
    await lockStaff(tx, current.staff_id);
    if (current.availability_type === 'working_hours') {
      const others = (await entriesOfStaff(tx, tenantId, [current.staff_id], current.date, current.date))
        .filter((entry) => entry.id !== id)
        .map(slotOf);
      const orphan = orphanedBreak(others, current.date);
      if (orphan) throw conflict(describeProblem({ kind: 'break_left_outside', with: orphan }));
    }
    await deleteAvailability(tx, tenantId, id);
    // A block, vacation or break removed opens its time for the waitlist.
    if (current.availability_type !== 'working_hours') {
      const slot = slotOf(current);
      await enqueueOpenedHours(
        deps,
        tx,
        {
          tenantId,
          outletId: current.outlet_id,
          staffId: current.staff_id,
          dates: [current.date],
          start: slot.start,
          end: slot.end,
        },
        originOf(ctx, PRODUCER),
      );
    }
  });
}
