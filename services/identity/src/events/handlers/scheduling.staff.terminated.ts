import type { InboxHandler } from '@salon/messaging';
import { upsertStaffReplica } from '../../db/catalog-replica.repository';

/** A terminated staff member can no longer be preferred. */
export const onSchedulingStaffTerminated: InboxHandler<'scheduling.staff.terminated.v1'> = (data, { tx }) =>
  upsertStaffReplica(
    tx,
    { staff_id: data.staff_id, tenant_id: data.tenant_id, status: 'terminated', version: data.version },
    { final: true },
  );
