import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type BillingDeps } from '../../domain/deps';
import { setTenantSuspended } from '../../domain/follow-tenant-activation';

/** A deactivated tenant's subscription is suspended, its plan kept. */
export const onIdentityTenantDeactivated =
  (deps: BillingDeps): InboxHandler<'identity.tenant.deactivated.v1'> =>
  (data, { tx, event }) =>
    setTenantSuspended(
      deps,
      tx,
      { tenantId: data.tenant_id, suspended: true, at: data.at },
      causedBy(event, PRODUCER),
    );
