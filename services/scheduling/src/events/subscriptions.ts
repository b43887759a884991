import { InboxConsumer, type Subscription } from '@salon/messaging';
import type { SchedulingDeps } from '../domain/deps';
import { DEPOSIT_HOLD_CONSUMER } from '../domain/release-unpaid-deposit';
import { WAITLIST_OFFER_CONSUMER } from '../domain/waitlist-offers';
import { onCatalogServiceArchived } from './handlers/catalog.service.archived';
import { onCatalogServiceUpserted } from './handlers/catalog.service.upserted';
import { onCommercePaymentCompleted } from './handlers/commerce.payment.completed';
import { onIdentityCustomerDeleted } from './handlers/identity.customer.deleted';
import { onIdentityCustomerRegistered } from './handlers/identity.customer.registered';
import { onIdentityCustomerUpdated } from './handlers/identity.customer.updated';
import { onIdentityOutletUpserted } from './handlers/identity.outlet.upserted';
import { onIdentityTenantRegistered } from './handlers/identity.tenant.registered';
import { onIdentityTenantUpdated } from './handlers/identity.tenant.updated';
import { onSchedulingAppointmentDepositDue } from './handlers/scheduling.appointment.deposit_due';
import { onSchedulingAppointmentCancelled } from './handlers/scheduling.appointment.cancelled';
import { onSchedulingAppointmentRescheduled } from './handlers/scheduling.appointment.rescheduled';
import { onSchedulingAvailabilityOpened } from './handlers/scheduling.availability.opened';
import { onSchedulingWaitlistOfferDue } from './handlers/scheduling.waitlist.offer_due';

export const SERVICE_CONSUMER = 'scheduling.catalog-services';
export const TENANT_CONSUMER = 'scheduling.identity-tenants';
export const OUTLET_CONSUMER = 'scheduling.identity-outlets';
export const CUSTOMER_CONSUMER = 'scheduling.identity-customers';
export const CUSTOMER_DELETED_CONSUMER = 'scheduling.identity-customer-deletions';
export const PAYMENT_CONSUMER = 'scheduling.commerce-payments';
export const WAITLIST_SLOT_CONSUMER = 'scheduling.waitlist-slots';

/**
 * Scheduling's replicas (catalog services, identity tenants, outlets, customers), payment confirmations, and the
 * waitlist's freed slots and offer holds, and the release of unpaid deposits.
 */
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
    // The waitlist: slots its own appointments free and hours its staff gain are offered; an offer's hold ends
    // by the delay ladder.
    new InboxConsumer(store, WAITLIST_SLOT_CONSUMER)
      .on('scheduling.appointment.cancelled.v1', onSchedulingAppointmentCancelled(deps))
      .on('scheduling.appointment.rescheduled.v1', onSchedulingAppointmentRescheduled(deps))
      .on('scheduling.availability.opened.v1', onSchedulingAvailabilityOpened(deps))
      .subscription(),
    new InboxConsumer(store, WAITLIST_OFFER_CONSUMER)
      .on('scheduling.waitlist.offer_due.v1', onSchedulingWaitlistOfferDue(deps))
      .subscription(),
    // Deposits: a booking still unpaid at its deposit_due_at is released, by the same delay ladder.
    new InboxConsumer(store, DEPOSIT_HOLD_CONSUMER)
      .on('scheduling.appointment.deposit_due.v1', onSchedulingAppointmentDepositDue(deps))
      .subscription(),
  ];
}
