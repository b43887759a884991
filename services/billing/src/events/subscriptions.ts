import { InboxConsumer, type Subscription } from '@salon/messaging';
import { SCHEDULED_CHANGE_CONSUMER } from '../domain/apply-scheduled-change';
import type { BillingDeps } from '../domain/deps';
import { onBillingScheduledChangeDue } from './handlers/billing.scheduled_change.due';
import { onCatalogServiceArchived } from './handlers/catalog.service.archived';
import { onCatalogServiceUpserted } from './handlers/catalog.service.upserted';
import { onCommerceSubscriptionInvoicePaid } from './handlers/commerce.subscription_invoice.paid';
import { onIdentityCustomerDeleted } from './handlers/identity.customer.deleted';
import { onIdentityCustomerRegistered } from './handlers/identity.customer.registered';
import { onIdentityCustomerUpdated } from './handlers/identity.customer.updated';
import { onIdentityOutletUpserted } from './handlers/identity.outlet.upserted';
import { onIdentityTenantDeactivated } from './handlers/identity.tenant.deactivated';
import { onIdentityTenantReactivated } from './handlers/identity.tenant.reactivated';
import { onIdentityTenantRegistered } from './handlers/identity.tenant.registered';
import { onSchedulingAppointmentCancelled } from './handlers/scheduling.appointment.cancelled';
import { onSchedulingAppointmentConfirmed } from './handlers/scheduling.appointment.confirmed';
import { onSchedulingAppointmentCreated } from './handlers/scheduling.appointment.created';
import { onSchedulingAppointmentRescheduled } from './handlers/scheduling.appointment.rescheduled';
import { onSchedulingAppointmentStatusChanged } from './handlers/scheduling.appointment.status_changed';
import { onSchedulingStaffTerminated } from './handlers/scheduling.staff.terminated';
import { onSchedulingStaffUpserted } from './handlers/scheduling.staff.upserted';

export const TENANT_CONSUMER = 'billing.identity-tenants';
export const OUTLET_CONSUMER = 'billing.identity-outlets';
export const CUSTOMER_CONSUMER = 'billing.identity-customers';
export const SERVICE_CONSUMER = 'billing.catalog-services';
export const STAFF_CONSUMER = 'billing.scheduling-staff';
export const APPOINTMENT_CONSUMER = 'billing.scheduling-appointments';
export const INVOICE_CONSUMER = 'billing.commerce-invoices';

/** Subscriptions follow tenants and commerce's payments; usage counters follow the owners' events. */
export function billingSubscriptions(deps: BillingDeps): Subscription[] {
  const { store } = deps;
  return [
    new InboxConsumer(store, TENANT_CONSUMER)
      .on('identity.tenant.registered.v1', onIdentityTenantRegistered(deps))
      .on('identity.tenant.deactivated.v1', onIdentityTenantDeactivated(deps))
      .on('identity.tenant.reactivated.v1', onIdentityTenantReactivated(deps))
      .subscription(),
    new InboxConsumer(store, OUTLET_CONSUMER)
      .on('identity.outlet.upserted.v1', onIdentityOutletUpserted)
      .subscription(),
    new InboxConsumer(store, CUSTOMER_CONSUMER)
      .on('identity.customer.registered.v1', onIdentityCustomerRegistered)
      .on('identity.customer.updated.v1', onIdentityCustomerUpdated)
      .on('identity.customer.deleted.v1', onIdentityCustomerDeleted)
      .subscription(),
    new InboxConsumer(store, SERVICE_CONSUMER)
      .on('catalog.service.upserted.v1', onCatalogServiceUpserted)
      .on('catalog.service.archived.v1', onCatalogServiceArchived)
      .subscription(),
    new InboxConsumer(store, STAFF_CONSUMER)
      .on('scheduling.staff.upserted.v1', onSchedulingStaffUpserted)
      .on('scheduling.staff.terminated.v1', onSchedulingStaffTerminated)
      .subscription(),
    new InboxConsumer(store, APPOINTMENT_CONSUMER)
      .on('scheduling.appointment.created.v1', onSchedulingAppointmentCreated)
      .on('scheduling.appointment.rescheduled.v1', onSchedulingAppointmentRescheduled)
      .on('scheduling.appointment.cancelled.v1', onSchedulingAppointmentCancelled)
      .on('scheduling.appointment.confirmed.v1', onSchedulingAppointmentConfirmed)
      .on('scheduling.appointment.status_changed.v1', onSchedulingAppointmentStatusChanged)
      .subscription(),
    new InboxConsumer(store, INVOICE_CONSUMER)
      .on('commerce.subscription_invoice.paid.v1', onCommerceSubscriptionInvoicePaid(deps))
      .subscription(),
    // Billing's own tasks: a scheduled downgrade arrives through the delay ladder at its effective date.
    new InboxConsumer(store, SCHEDULED_CHANGE_CONSUMER)
      .on('billing.scheduled_change.due.v1', onBillingScheduledChangeDue(deps))
      .subscription(),
  ];
}
