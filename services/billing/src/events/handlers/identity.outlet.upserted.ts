import type { InboxHandler } from '@salon/messaging';
import { outletFieldsOf } from '@salon/service-kit';
import { upsertOutlet } from '../../db/usage.repository';

/** Active outlets count against max_outlets. */
export const onIdentityOutletUpserted: InboxHandler<'identity.outlet.upserted.v1'> = (data, { tx }) =>
  upsertOutlet(tx, outletFieldsOf(data));
