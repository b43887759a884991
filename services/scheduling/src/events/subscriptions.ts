import type { MessagingStore, Subscription } from '@salon/messaging';
import { applyPaymentCompleted } from '../domain/appointment-status';
import { applyServiceArchived, applyServiceUpserted } from './handlers/catalog-service';
import { applyCustomerDeleted, applyCustomerEvent } from './handlers/identity-customer';
import { applyOutletEvent } from './handlers/identity-outlet';
import { applyTenantEvent } from './handlers/identity-tenant';

export const SERVICE_CONSUMER = 'scheduling.catalog-services';
export const TENANT_CONSUMER = 'scheduling.identity-tenants';
export const OUTLET_CONSUMER = 'scheduling.identity-outlets';
export const CUSTOMER_CONSUMER = 'scheduling.identity-customers';
export const CUSTOMER_DELETED_CONSUMER = 'scheduling.identity-customer-deletions';
export const PAYMENT_CONSUMER = 'scheduling.commerce-payments';

/** Scheduling's replicas (catalog services, identity tenants, outlets, customers) and payment confirmations. */
export function schedulingSubscriptions(store: MessagingStore): Subscription[] {
  return [
    {
      consumer: SERVICE_CONSUMER,
      events: ['catalog.service.upserted.v1', 'catalog.service.archived.v1'],
      handle: store.inboxed(SERVICE_CONSUMER, (event, tx) =>
        event.type === 'catalog.service.archived.v1'
          ? applyServiceArchived(event, tx)
          : applyServiceUpserted(event, tx),
      ),
    },
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
    {
      consumer: CUSTOMER_CONSUMER,
      events: ['identity.customer.registered.v1', 'identity.customer.updated.v1'],
      handle: store.inboxed(CUSTOMER_CONSUMER, applyCustomerEvent),
    },
    {
      consumer: CUSTOMER_DELETED_CONSUMER,
      events: ['identity.customer.deleted.v1'],
      handle: store.inboxed(CUSTOMER_DELETED_CONSUMER, applyCustomerDeleted),
    },
    {
      consumer: PAYMENT_CONSUMER,
      events: ['commerce.payment.completed.v1'],
      handle: store.inboxed(PAYMENT_CONSUMER, (event, tx) => applyPaymentCompleted(store, event, tx)),
    },
  ];
}
