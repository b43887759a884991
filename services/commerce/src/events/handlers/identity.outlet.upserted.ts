import type { InboxHandler } from '@salon/messaging';
import { outletFieldsOf } from '@salon/service-kit';
import { upsertOutlet } from '../../db/replica.repository';

/** Which outlets are the tenant's (packages name outlets; purchases happen at one). */
export const onIdentityOutletUpserted: InboxHandler<'identity.outlet.upserted.v1'> = (data, { tx }) =>
  upsertOutlet(tx, outletFieldsOf(data));
