import type { InboxHandler } from '@salon/messaging';
import { outletFieldsOf } from '@salon/service-kit';
import { upsertOutletReplica } from '../../db/replica.repository';

/** identity.outlet.upserted.v1: the tenant's outlets (staff and appointments belong to one). */
export const onIdentityOutletUpserted: InboxHandler<'identity.outlet.upserted.v1'> = (data, { tx }) =>
  upsertOutletReplica(tx, { ...outletFieldsOf(data), name: data.name, timezone: data.timezone });
