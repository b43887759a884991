import type { InboxHandler } from '@salon/messaging';
import { upsertStaffReplica } from '../../db/catalog-replica.repository';

/** A staff member a customer may prefer (until terminated). */
export const onSchedulingStaffUpserted: InboxHandler<'scheduling.staff.upserted.v1'> = (data, { tx }) =>
  upsertStaffReplica(tx, {
    staff_id: data.staff_id,
    tenant_id: data.tenant_id,
    status: data.status,
    version: data.version,
  });
