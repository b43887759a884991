import { assertOutletAccess, newId, tenantIn, type RequestContext } from '@salon/service-kit';
import { insertStaff, type StaffRecord, type StaffSkills, type StaffWrite } from '../db/staff.repository';
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
 * POST /staff: within the plan's per-outlet staff limit, e-mail unique among the tenant's staff, at an outlet the
 * caller may act at (an OUTLET_MANAGER: one it manages).
 */
export async function createStaff(
  deps: SchedulingDeps,
  ctx: RequestContext,
  input: StaffInput &
    Pick<StaffWrite, 'first_name' | 'last_name' | 'email' | 'position' | 'employment_type' | 'outlet_id'>,
): Promise<StaffRecord> {
  const tenantId = tenantIn(ctx);
  assertOutletAccess(ctx, input.outlet_id);
  const id = newId();
  const skills: StaffSkills = {
    service_ids: [...new Set(input.skills?.service_ids ?? [])],
    specialties: input.skills?.specialties ?? [],
    certifications: input.skills?.certifications ?? [],
    years_experience: input.skills?.years_experience ?? null,
  };
  return writeStaff(deps, ctx, tenantId, async (tx) => {
    await assertOutlet(tx, tenantId, input.outlet_id);
    await assertServices(tx, tenantId, skills.service_ids);
    await assertEmailFree(tx, tenantId, input.email);
    await assertStaffLimit(deps, tx, tenantId, input.outlet_id);
    await insertStaff(tx, tenantId, id, {
      outlet_id: input.outlet_id,
      user_id: input.user_id ?? null,
      first_name: input.first_name,
      last_name: input.last_name,
      display_name: input.display_name ?? input.first_name,
      email: input.email,
      phone: input.phone ? await staffPhone(tx, tenantId, input.phone) : null,
      gender: input.gender ?? null,
      position: input.position,
      employment_type: input.employment_type,
      employee_id: input.employee_id ?? null,
      hire_date: input.hire_date ?? null,
      birth_date: input.birth_date ?? null,
      hourly_rate: input.hourly_rate ?? null,
      salary: input.salary ?? null,
      is_bookable: input.is_bookable ?? true,
      accepts_online_booking: input.accepts_online_booking ?? true,
      max_advance_booking_days: input.max_advance_booking_days ?? 30,
      bio: input.bio ?? null,
      profile_image_url: input.profile_image_url ?? null,
      instagram_handle: input.instagram_handle ?? null,
      skills,
      status: 'active',
    });
    return id;
  });
}
