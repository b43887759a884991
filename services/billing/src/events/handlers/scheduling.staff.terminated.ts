import type { InboxHandler } from '@salon/messaging';
import { upsertStaff } from '../../db/usage.repository';

/** Terminated staff no longer count against the staff limit. */
export const onSchedulingStaffTerminated: InboxHandler<'scheduling.staff.terminated.v1'> = (data, { tx }) =>
  upsertStaff(
    tx,
    { staff_id: data.staff_id, tenant_id: data.tenant_id, status: 'terminated', version: data.version },
    { orEqual: true },
  );
