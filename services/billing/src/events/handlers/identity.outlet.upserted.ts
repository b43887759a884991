import type { InboxHandler } from '@salon/messaging';
import { upsertOutlet } from '../../db/usage.repository';

/** Active outlets count against max_outlets. */
export const onIdentityOutletUpserted: InboxHandler<'identity.outlet.upserted.v1'> = (data, { tx }) =>
  upsertOutlet(tx, {
    outlet_id: data.outlet_id,
    tenant_id: data.tenant_id,
    is_active: data.is_active,
    version: data.version,
  });
