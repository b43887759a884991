import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type BillingDeps } from '../../domain/deps';
import { setTenantSuspended } from '../../domain/manage-subscription';

/** A reactivated tenant's subscription is active again. */
export const onIdentityTenantReactivated =
  (deps: BillingDeps): InboxHandler<'identity.tenant.reactivated.v1'> =>
  (data, { tx, event }) =>
    setTenantSuspended(deps, tx, data.tenant_id, false, data.at, causedBy(event, PRODUCER));
