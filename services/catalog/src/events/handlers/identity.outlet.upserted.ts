import type { InboxHandler } from '@salon/messaging';
import { outletFieldsOf } from '@salon/service-kit';
import { upsertOutletReplica } from '../../db/replica.repository';

/** Which outlets are the tenant's (outlet prices); the newest version is kept. */
export const onIdentityOutletUpserted: InboxHandler<'identity.outlet.upserted.v1'> = (data, { tx }) =>
  upsertOutletReplica(tx, outletFieldsOf(data));
