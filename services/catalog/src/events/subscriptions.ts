import type { MessagingStore, Subscription } from '@salon/messaging';
import { applyOutletEvent } from './handlers/identity-outlet';
import { applyTenantEvent } from './handlers/identity-tenant';

export const TENANT_CONSUMER = 'catalog.identity-tenants';
export const OUTLET_CONSUMER = 'catalog.identity-outlets';

/** Catalog's replicas of identity's facts (billing's plans are kept by the runtime's plan-limits replica). */
export function catalogSubscriptions(store: MessagingStore): Subscription[] {
  return [
    {
      consumer: TENANT_CONSUMER,
      events: ['identity.tenant.registered.v1', 'identity.tenant.updated.v1'],
      handle: store.inboxed(TENANT_CONSUMER, applyTenantEvent),
    },
    {
      consumer: OUTLET_CONSUMER,
      events: ['identity.outlet.upserted.v1'],
      handle: store.inboxed(OUTLET_CONSUMER, applyOutletEvent),
    },
  ];
}
