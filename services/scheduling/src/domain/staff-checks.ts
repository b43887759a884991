import { AppError, badRequest, conflict, uniqueViolation, type Executor } from '@salon/service-kit';
import { lockOutletStaff } from '../db/locks.repository';
import { findOutlet, findServices } from '../db/replica.repository';
import { countActiveStaffAtOutlet, type StaffSkills, type StaffWrite } from '../db/staff.repository';
import type { SchedulingDeps } from './deps';

/* What creating and changing a staff member both check. */

export interface StaffInput extends Partial<Omit<StaffWrite, 'skills'>> {
  skills?: Partial<StaffSkills>;
}

export const EMAIL_TAKEN = 'Staff member with this email already exists';

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

/** A lost race on the e-mail index gives the same 409 as the up-front check. */
export const mapEmailConflict = (error: unknown): never => {
  if (uniqueViolation(error) !== undefined) throw conflict(EMAIL_TAKEN);
  throw error;
};
