import { newEvent, originOf } from '@salon/messaging';
import { assertOutletAccess, conflict, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { countAppointments } from '../db/appointment.repository';
import { lockStaff } from '../db/locks.repository';
import { findStaff, terminateStaff as markStaffTerminated, type StaffRecord } from '../db/staff.repository';
import { PRODUCER, type SchedulingDeps } from './deps';
import { staffTerminatedData, staffUpsertedData } from './events';

/** DELETE: refused while upcoming pending or confirmed appointments exist; else terminated for good. */
export async function terminateStaff(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { staffId }: { staffId: string },
): Promise<void> {
  const tenantId = tenantIn(ctx);
  await deps.db.withTx(async (tx) => {
    const current = await findStaff(tx, tenantId, staffId);
    if (!current) throw notFound('Staff member not found');
    assertOutletAccess(ctx, current.outlet_id);
    if (current.status === 'terminated') return;
    // Under the staff member's booking lock, so no booking can slip in between the count and the update.
    await lockStaff(tx, staffId);
    const upcoming = await countAppointments(tx, tenantId, {
      staffId,
      statuses: ['pending', 'confirmed'],
      upcomingFrom: new Date(),
    });
    if (upcoming > 0) {
      throw conflict(
        `Cannot delete staff member with ${upcoming} upcoming appointment${upcoming === 1 ? '' : 's'}. Reassign or cancel them first.`,
      );
    }
    await markStaffTerminated(tx, tenantId, staffId);
    const staff = (await findStaff(tx, tenantId, staffId)) as StaffRecord;
    const origin = originOf(ctx, PRODUCER);
    await deps.store.enqueue(tx, [
      newEvent('scheduling.staff.terminated.v1', staffTerminatedData(staff), origin),
      newEvent('scheduling.staff.upserted.v1', staffUpsertedData(staff), origin),
    ]);
  });
}
