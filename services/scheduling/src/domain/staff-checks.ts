import { newEvent, originOf } from '@salon/messaging';
import {
  AppError,
  badRequest,
  conflict,
  normalisePhone,
  phoneRegionOf,
  uniqueViolation,
  type Executor,
  type RequestContext,
} from '@salon/service-kit';
import { lockOutletStaff } from '../db/locks.repository';
import { findOutlet, findServices, findTenantReplica } from '../db/replica.repository';
import {
  countActiveStaffAtOutlet,
  emailTaken,
  findStaff,
  type StaffRecord,
  type StaffSkills,
  type StaffWrite,
} from '../db/staff.repository';
import { PRODUCER, type SchedulingDeps } from './deps';
import { staffUpsertedData } from './events';

/* What creating and changing a staff member both check. */

export interface StaffInput extends Partial<Omit<StaffWrite, 'skills'>> {
  skills?: Partial<StaffSkills>;
}

const EMAIL_TAKEN = 'Staff member with this email already exists';

/** A staff member's phone as typed, in E.164 read in the tenant's region (422 when it is no valid number). */
export async function staffPhone(tx: Executor, tenantId: string, phone: string): Promise<string> {
  const tenant = await findTenantReplica(tx, tenantId);
  return normalisePhone(phone, phoneRegionOf({ timezone: tenant?.timezone }), ['body', 'phone']);
}

export async function assertOutlet(tx: Executor, tenantId: string, outletId: string): Promise<void> {
  if (!(await findOutlet(tx, tenantId, outletId))) {
    throw badRequest('Invalid outlet: the outlet does not exist or belongs to another tenant');
  }
}

export async function assertServices(tx: Executor, tenantId: string, serviceIds: string[]): Promise<void> {
  const found = await findServices(tx, tenantId, serviceIds);
  const known = new Set(found.filter((service) => service.status !== 'archived').map((s) => s.service_id));
  const unknown = serviceIds.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw badRequest(`Invalid service ids in skills.service_ids: ${unknown.join(', ')}`);
}

/** Per-outlet active staff limit of the plan, counted under the outlet's lock. */
export async function assertStaffLimit(
  deps: SchedulingDeps,
  tx: Executor,
  tenantId: string,
  outletId: string,
) {
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

/** Another non-terminated staff member of the tenant (other than `exceptId`) already has this e-mail: 409. */
export async function assertEmailFree(
  tx: Executor,
  tenantId: string,
  email: string,
  exceptId?: string,
): Promise<void> {
  if (await emailTaken(tx, tenantId, email, exceptId)) throw conflict(EMAIL_TAKEN);
}

/** A lost race on the e-mail index gives the same 409 as the up-front check. */
const mapEmailConflict = (error: unknown): never => {
  if (uniqueViolation(error) !== undefined) throw conflict(EMAIL_TAKEN);
  throw error;
};

/**
 * How creating and changing a staff member both end: `write` checks and stores in one transaction and
 * answers the staff id; the stored record is read back and published as staff.upserted.
 */
export async function writeStaff(
  deps: SchedulingDeps,
  ctx: RequestContext,
  tenantId: string,
  write: (tx: Executor) => Promise<string>,
): Promise<StaffRecord> {
  return deps.db
    .withTx(async (tx) => {
      const staffId = await write(tx);
      const staff = (await findStaff(tx, tenantId, staffId)) as StaffRecord;
      await deps.store.enqueue(tx, [
        newEvent('scheduling.staff.upserted.v1', staffUpsertedData(staff), originOf(ctx, PRODUCER)),
      ]);
      return staff;
    })
    .catch(mapEmailConflict);
}
