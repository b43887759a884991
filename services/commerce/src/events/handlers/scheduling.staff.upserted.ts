import type { InboxHandler } from '@salon/messaging';
import { staffReplicaOf, upsertStaffMember } from '../../db/commission.repository';

/** Staff members for commission: the outlet (an OUTLET_MANAGER's reach) and the user (who sold a package). */
export const onSchedulingStaffUpserted: InboxHandler<'scheduling.staff.upserted.v1'> = (data, { tx }) =>
  upsertStaffMember(tx, staffReplicaOf(data));
