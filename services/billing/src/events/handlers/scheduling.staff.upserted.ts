import type { InboxHandler } from '@salon/messaging';
import { upsertStaff } from '../../db/usage.repository';

/** Staff not terminated count against the staff limit. */
export const onSchedulingStaffUpserted: InboxHandler<'scheduling.staff.upserted.v1'> = (data, { tx }) =>
  upsertStaff(tx, {
    staff_id: data.staff_id,
    tenant_id: data.tenant_id,
    status: data.status,
    version: data.version,
  });
