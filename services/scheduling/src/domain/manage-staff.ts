import { newEvent } from '@salon/messaging';
import {
  AppError,
  badRequest,
  conflict,
  newId,
  notFound,
  type Executor,
  type StaffAuth,
} from '@salon/service-kit';
import { countAppointments } from '../db/appointment.repository';
import { entriesOfStaff } from '../db/availability.repository';
import { lockOutletStaff, lockStaff } from '../db/locks.repository';
import { findOutlet, findServices } from '../db/replica.repository';
import {
  countActiveStaffAtOutlet,
  emailTaken,
  findStaff,
  insertStaff,
  listStaff,
  terminateStaff,
  updateStaff,
  type StaffFilters,
  type StaffRecord,
  type StaffSkills,
  type StaffWrite,
} from '../db/staff.repository';
import { pgCode } from '../db/rows';
import { PRODUCER, type SchedulingDeps } from './deps';
import { staffTerminatedData, staffUpsertedData } from './events';
import { tenantSettings } from './tenant-settings';
import { addDays, localOf } from './time-rules';

export interface StaffInput extends Partial<Omit<StaffWrite, 'skills'>> {
  skills?: Partial<StaffSkills>;
}

const EMAIL_TAKEN = 'Staff member with this email already exists';

async function assertOutlet(tx: Executor, tenantId: string, outletId: string): Promise<void> {
  if (!(await findOutlet(tx, tenantId, outletId))) {
    throw badRequest('Invalid outlet: the outlet does not exist or belongs to another tenant');
  }
}

async function assertServices(tx: Executor, tenantId: string, serviceIds: string[]): Promise<void> {
  const found = await findServices(tx, tenantId, serviceIds);
  const known = new Set(found.filter((service) => service.status !== 'archived').map((s) => s.service_id));
  const unknown = serviceIds.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw badRequest(`Invalid service ids in skills.service_ids: ${unknown.join(', ')}`);
}

/** Per-outlet active staff limit of the plan, counted under the outlet's lock. */
async function assertStaffLimit(deps: SchedulingDeps, tx: Executor, tenantId: string, outletId: string) {
  await lockOutletStaff(tx, outletId);
  const current = await countActiveStaffAtOutlet(tx, tenantId, outletId);
  await deps.plans.assertWithinLimit(
    tx,
    tenantId,
    'max_staff_per_outlet',
    current,
    ({ limit, plan }) =>
      new AppError(
        402,
        `Staff limit reached: ${current}/${limit} active staff at this outlet (max_staff_per_outlet on the ${plan} plan). Upgrade your plan to add more staff.`,
      ),
  );
}

const mapEmailConflict = (error: unknown): never => {
  if (pgCode(error).code === '23505') throw conflict(EMAIL_TAKEN);
  throw error;
};

export async function createStaff(
  deps: SchedulingDeps,
  tenantId: string,
  input: StaffInput &
    Pick<StaffWrite, 'first_name' | 'last_name' | 'email' | 'position' | 'employment_type' | 'outlet_id'>,
  requestId: string,
): Promise<StaffRecord> {
  const id = newId();
  const skills: StaffSkills = {
    service_ids: [...new Set(input.skills?.service_ids ?? [])],
    specialties: input.skills?.specialties ?? [],
    certifications: input.skills?.certifications ?? [],
    years_experience: input.skills?.years_experience ?? null,
  };
  return deps.db
    .withTx(async (tx) => {
      await assertOutlet(tx, tenantId, input.outlet_id);
      await assertServices(tx, tenantId, skills.service_ids);
      if (await emailTaken(tx, tenantId, input.email)) throw conflict(EMAIL_TAKEN);
      await assertStaffLimit(deps, tx, tenantId, input.outlet_id);
      await insertStaff(tx, tenantId, id, {
        outlet_id: input.outlet_id,
        user_id: input.user_id ?? null,
        first_name: input.first_name,
        last_name: input.last_name,
        display_name: input.display_name ?? input.first_name,
        email: input.email,
        phone: input.phone ?? null,
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
      const staff = (await findStaff(tx, tenantId, id)) as StaffRecord;
      await deps.store.enqueue(tx, [
        newEvent('scheduling.staff.upserted.v1', staffUpsertedData(staff), {
          producer: PRODUCER,
          tenantId,
          correlationId: requestId,
        }),
      ]);
      return staff;
    })
    .catch(mapEmailConflict);
}

export async function changeStaff(
  deps: SchedulingDeps,
  tenantId: string,
  staffId: string,
  input: StaffInput,
  requestId: string,
): Promise<StaffRecord> {
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
        newEvent('scheduling.staff.upserted.v1', staffUpsertedData(staff), {
          producer: PRODUCER,
          tenantId,
          correlationId: requestId,
        }),
      ]);
      return staff;
    })
    .catch(mapEmailConflict);
}

/** DELETE: refused while upcoming pending or confirmed appointments exist; else terminated for good. */
export async function terminate(
  deps: SchedulingDeps,
  tenantId: string,
  staffId: string,
  requestId: string,
): Promise<void> {
  await deps.db.withTx(async (tx) => {
    const current = await findStaff(tx, tenantId, staffId);
    if (!current) throw notFound('Staff member not found');
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
    await terminateStaff(tx, tenantId, staffId);
    const staff = (await findStaff(tx, tenantId, staffId)) as StaffRecord;
    await deps.store.enqueue(tx, [
      newEvent('scheduling.staff.terminated.v1', staffTerminatedData(staff), {
        producer: PRODUCER,
        tenantId,
        correlationId: requestId,
      }),
      newEvent('scheduling.staff.upserted.v1', staffUpsertedData(staff), {
        producer: PRODUCER,
        tenantId,
        correlationId: requestId,
      }),
    ]);
  });
}

export async function getStaff(
  deps: SchedulingDeps,
  tenantId: string,
  staffId: string,
): Promise<StaffRecord> {
  const staff = await findStaff(deps.db.orm, tenantId, staffId);
  if (!staff) throw notFound('Staff member not found');
  return staff;
}

export interface Workload {
  today_appointments: number;
  upcoming_appointments: number;
  total_lifetime_bookings: number;
  is_available_today: boolean;
  current_status: string;
}

export async function workloadOf(deps: SchedulingDeps, staff: StaffRecord): Promise<Workload> {
  const executor = deps.db.orm;
  const { timezone } = await tenantSettings(executor, staff.tenant_id);
  const now = new Date();
  const today = localOf(now, timezone).date;
  const [todayCount, upcoming, entries] = await Promise.all([
    countAppointments(executor, staff.tenant_id, {
      staffId: staff.id,
      from: today,
      to: today,
      statuses: ['pending', 'confirmed', 'in_progress'],
    }),
    countAppointments(executor, staff.tenant_id, {
      staffId: staff.id,
      from: today,
      to: addDays(today, 7),
      statuses: ['pending', 'confirmed'],
      upcomingFrom: now,
    }),
    entriesOfStaff(executor, staff.tenant_id, [staff.id], today, today),
  ]);
  const working = entries.some((entry) => entry.availability_type === 'working_hours');
  const away = entries.some((entry) => entry.availability_type === 'vacation');
  return {
    today_appointments: todayCount,
    upcoming_appointments: upcoming,
    total_lifetime_bookings: staff.total_bookings,
    is_available_today: staff.status === 'active' && working && !away,
    current_status: staff.status,
  };
}

export async function findStaffPage(
  deps: SchedulingDeps,
  tenantId: string,
  filters: StaffFilters,
  page: { offset: number; limit: number },
) {
  return listStaff(deps.db.orm, tenantId, filters, page);
}

/** Which staff a STAFF or OUTLET_MANAGER token "owns": the staff member linked to it. */
export const ownStaffId = (auth: StaffAuth): string | undefined => auth.staffId;
