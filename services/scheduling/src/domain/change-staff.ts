import { assertOutletAccess, conflict, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { findStaff, updateStaff, type StaffRecord, type StaffWrite } from '../db/staff.repository';
import type { SchedulingDeps } from './deps';
import {
  assertEmailFree,
  assertOutlet,
  assertServices,
  assertStaffLimit,
  staffPhone,
  writeStaff,
  type StaffInput,
} from './staff-checks';

/**
 * PUT /staff/{id}: a partial change; joining an outlet (or becoming active) counts against its limit. The caller
 * must be able to act at the member's outlet and, for a move, at the one it moves to.
 */
export async function changeStaff(
  deps: SchedulingDeps,
  ctx: RequestContext,
  { staffId, ...input }: StaffInput & { staffId: string },
): Promise<StaffRecord> {
  const tenantId = tenantIn(ctx);
  return writeStaff(deps, ctx, tenantId, async (tx) => {
    const current = await findStaff(tx, tenantId, staffId);
    if (!current) throw notFound('Staff member not found');
    assertOutletAccess(ctx, [current.outlet_id, input.outlet_id ?? current.outlet_id]);
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
    if (input.phone) next.phone = await staffPhone(tx, tenantId, input.phone);
    if (next.outlet_id !== current.outlet_id) await assertOutlet(tx, tenantId, next.outlet_id);
    if (input.skills?.service_ids) await assertServices(tx, tenantId, next.skills.service_ids);
    if (next.email.toLowerCase() !== current.email.toLowerCase()) {
      await assertEmailFree(tx, tenantId, next.email, staffId);
    }
    const joinsOutlet =
      next.status === 'active' && (current.status !== 'active' || next.outlet_id !== current.outlet_id);
    if (joinsOutlet) await assertStaffLimit(deps, tx, tenantId, next.outlet_id);
    await updateStaff(tx, tenantId, staffId, next);
    return staffId;
  });
}
