import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type BillingDeps } from '../../domain/deps';
import { setTenantSuspended } from '../../domain/follow-tenant-activation';

/** A reactivated tenant's subscription is active again. */
export const onIdentityTenantReactivated =
  (deps: BillingDeps): InboxHandler<'identity.tenant.reactivated.v1'> =>
  (data, { tx, event }) =>
    setTenantSuspended(
      deps,
      tx,
      { tenantId: data.tenant_id, suspended: false, at: data.at },
      causedBy(event, PRODUCER),
    );
