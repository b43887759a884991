import type { InboxHandler } from '@salon/messaging';
import { upsertOutlet } from '../../db/replica.repository';

/** Which outlets are the tenant's (packages name outlets; purchases happen at one). */
export const onIdentityOutletUpserted: InboxHandler<'identity.outlet.upserted.v1'> = (data, { tx }) =>
  upsertOutlet(tx, {
    outlet_id: data.outlet_id,
    tenant_id: data.tenant_id,
    is_active: data.is_active,
    version: data.version,
    updated_at: data.updated_at,
  });
