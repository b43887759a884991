import { InboxConsumer, type Subscription } from '@salon/messaging';
import type { SchedulingDeps } from '../domain/deps';
import { onCatalogServiceArchived } from './handlers/catalog.service.archived';
import { onCatalogServiceUpserted } from './handlers/catalog.service.upserted';
import { onCommercePaymentCompleted } from './handlers/commerce.payment.completed';
import { onIdentityCustomerDeleted } from './handlers/identity.customer.deleted';
import { onIdentityCustomerRegistered } from './handlers/identity.customer.registered';
import { onIdentityCustomerUpdated } from './handlers/identity.customer.updated';
import { onIdentityOutletUpserted } from './handlers/identity.outlet.upserted';
import { onIdentityTenantRegistered } from './handlers/identity.tenant.registered';
import { onIdentityTenantUpdated } from './handlers/identity.tenant.updated';

export const SERVICE_CONSUMER = 'scheduling.catalog-services';
export const TENANT_CONSUMER = 'scheduling.identity-tenants';
export const OUTLET_CONSUMER = 'scheduling.identity-outlets';
export const CUSTOMER_CONSUMER = 'scheduling.identity-customers';
export const CUSTOMER_DELETED_CONSUMER = 'scheduling.identity-customer-deletions';
export const PAYMENT_CONSUMER = 'scheduling.commerce-payments';

/** Scheduling's replicas (catalog services, identity tenants, outlets, customers) and payment confirmations. */
export function schedulingSubscriptions(deps: SchedulingDeps): Subscription[] {
  const { store } = deps;
  return [
    new InboxConsumer(store, SERVICE_CONSUMER)
      .on('catalog.service.upserted.v1', onCatalogServiceUpserted)
      .on('catalog.service.archived.v1', onCatalogServiceArchived)
      .subscription(),
    new InboxConsumer(store, TENANT_CONSUMER)
      .on('identity.tenant.registered.v1', onIdentityTenantRegistered)
      .on('identity.tenant.updated.v1', onIdentityTenantUpdated)
      .subscription(),
    new InboxConsumer(store, OUTLET_CONSUMER)
      .on('identity.outlet.upserted.v1', onIdentityOutletUpserted)
      .subscription(),
    new InboxConsumer(store, CUSTOMER_CONSUMER)
      .on('identity.customer.registered.v1', onIdentityCustomerRegistered)
      .on('identity.customer.updated.v1', onIdentityCustomerUpdated)
      .subscription(),
    new InboxConsumer(store, CUSTOMER_DELETED_CONSUMER)
      .on('identity.customer.deleted.v1', onIdentityCustomerDeleted(deps))
      .subscription(),
    new InboxConsumer(store, PAYMENT_CONSUMER)
      .on('commerce.payment.completed.v1', onCommercePaymentCompleted(deps))
      .subscription(),
  ];
}
