import type { InboxHandler } from '@salon/messaging';
import { markStaffTerminated } from '../../db/commission.repository';

/** A terminated staff member earns nothing new; its report stays readable. */
export const onSchedulingStaffTerminated: InboxHandler<'scheduling.staff.terminated.v1'> = (data, { tx }) =>
  markStaffTerminated(tx, data.tenant_id, data.staff_id, data.version);
