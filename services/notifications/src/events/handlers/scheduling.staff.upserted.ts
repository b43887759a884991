import type { InboxHandler } from '@salon/messaging';
import * as replicas from '../../db/replica.repository';
import { fullName } from '../../domain/replica-updates';

/** scheduling.staff.upserted.v1: the staff replica, the address of staff booking notices. */
export const onSchedulingStaffUpserted: InboxHandler<'scheduling.staff.upserted.v1'> = (data, { tx }) =>
  replicas.upsertStaff(tx, {
    staff_id: data.staff_id,
    tenant_id: data.tenant_id,
    name: data.display_name || fullName(data.first_name, data.last_name),
    email: data.email || null,
    phone: data.phone,
    version: data.version,
  });
