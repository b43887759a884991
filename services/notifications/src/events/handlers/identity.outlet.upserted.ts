import type { InboxHandler } from '@salon/messaging';
import * as replicas from '../../db/replica.repository';

/** identity.outlet.upserted.v1: the outlet replica (name, address, timezone) for the templates. */
export const onIdentityOutletUpserted: InboxHandler<'identity.outlet.upserted.v1'> = (data, { tx }) =>
  replicas.upsertOutlet(tx, {
    outlet_id: data.outlet_id,
    tenant_id: data.tenant_id,
    name: data.name,
    address: data.address,
    timezone: data.timezone,
    version: data.version,
  });
