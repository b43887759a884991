import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type BillingDeps } from '../../domain/deps';
import { createFreeSubscription } from '../../domain/create-free-subscription';

/** A new tenant starts on the FREE plan. */
export const onIdentityTenantRegistered =
  (deps: BillingDeps): InboxHandler<'identity.tenant.registered.v1'> =>
  (data, { tx, event }) =>
    createFreeSubscription(deps, tx, data, causedBy(event, PRODUCER));
