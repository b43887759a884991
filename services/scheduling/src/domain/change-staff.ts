import { newEvent, originOf } from '@salon/messaging';
import { conflict, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import {
  emailTaken,
  findStaff,
  updateStaff,
  type StaffRecord,
  type StaffWrite,
} from '../db/staff.repository';
import { PRODUCER, type SchedulingDeps } from './deps';
import { staffUpsertedData } from './events';
import {
  EMAIL_TAKEN,
  assertOutlet,
  assertServices,
  assertStaffLimit,
  mapEmailConflict,
  type StaffInput,
} from './staff-checks';

/** PUT /staff/{id}: a partial change; joining an outlet (or becoming active) counts against its limit. */
export async function changeStaff(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { staffId, ...input }: StaffInput & { staffId: string },
): Promise<StaffRecord> {
  const tenantId = tenantIn(ctx);
  return deps.db
    .withTx(async (tx) => {
      const current = await findStaff(tx, tenantId, staffId);
      if (!current) throw notFound('Staff member not found');
      if (current.status === 'terminated') throw conflict('A terminated staff member cannot be changed');
      const {
        id: _id,
        tenant_id: _tenant,
        average_rating: _rating,
        rating_count: _count,
        total_bookings: _bookings,
        version: _version,
        created_at: _created,
        updated_at: _updated,
        ...stored
      } = current;
      const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      const next: StaffWrite = {
        ...stored,
        ...(defined as Partial<StaffWrite>),
        skills: { ...current.skills, ...(input.skills ?? {}) },
      };
      next.skills.service_ids = [...new Set(next.skills.service_ids)];
      if (next.outlet_id !== current.outlet_id) await assertOutlet(tx, tenantId, next.outlet_id);
      if (input.skills?.service_ids) await assertServices(tx, tenantId, next.skills.service_ids);
      if (
        next.email.toLowerCase() !== current.email.toLowerCase() &&
        (await emailTaken(tx, tenantId, next.email, staffId))
      ) {
        throw conflict(EMAIL_TAKEN);
      }
      const joinsOutlet =
        next.status === 'active' && (current.status !== 'active' || next.outlet_id !== current.outlet_id);
      if (joinsOutlet) await assertStaffLimit(deps, tx, tenantId, next.outlet_id);
      await updateStaff(tx, tenantId, staffId, next);
      const staff = (await findStaff(tx, tenantId, staffId)) as StaffRecord;
      await deps.store.enqueue(tx, [
        newEvent('scheduling.staff.upserted.v1', staffUpsertedData(staff), originOf(ctx, PRODUCER)),
      ]);
      return staff;
    })
    .catch(mapEmailConflict);
}
