import { InboxConsumer, type Subscription } from '@salon/messaging';
import type { CommerceDeps } from '../domain/deps';
import { onCatalogServiceArchived } from './handlers/catalog.service.archived';
import { onCatalogServiceUpserted } from './handlers/catalog.service.upserted';
import { onIdentityCustomerDeleted } from './handlers/identity.customer.deleted';
import { onIdentityCustomerRegistered } from './handlers/identity.customer.registered';
import { onIdentityCustomerUpdated } from './handlers/identity.customer.updated';
import { onIdentityOutletUpserted } from './handlers/identity.outlet.upserted';
import { onIdentityTenantRegistered } from './handlers/identity.tenant.registered';
import { onIdentityTenantUpdated } from './handlers/identity.tenant.updated';
import { onSchedulingAppointmentCancelled } from './handlers/scheduling.appointment.cancelled';
import { onSchedulingAppointmentConfirmed } from './handlers/scheduling.appointment.confirmed';
import { onSchedulingAppointmentCreated } from './handlers/scheduling.appointment.created';
import { onSchedulingAppointmentPaymentOrphaned } from './handlers/scheduling.appointment.payment_orphaned';
import { onSchedulingAppointmentRescheduled } from './handlers/scheduling.appointment.rescheduled';
import { onSchedulingAppointmentStatusChanged } from './handlers/scheduling.appointment.status_changed';
import { onSchedulingStaffTerminated } from './handlers/scheduling.staff.terminated';
import { onSchedulingStaffUpserted } from './handlers/scheduling.staff.upserted';

export const TENANT_CONSUMER = 'commerce.identity-tenants';
export const OUTLET_CONSUMER = 'commerce.identity-outlets';
export const CUSTOMER_CONSUMER = 'commerce.identity-customers';
export const SERVICE_CONSUMER = 'commerce.catalog-services';
export const APPOINTMENT_CONSUMER = 'commerce.scheduling-appointments';
export const ORPHANED_PAYMENT_CONSUMER = 'commerce.scheduling-orphaned-payments';
export const STAFF_CONSUMER = 'commerce.scheduling-staff';

/**
 * Commerce's replicas (billing's plans are kept by the runtime's plan-limits replica) and refunds: of a paid
 * appointment cancelled (per the policy) and of a payment for one cancelled before it arrived (in full); staff
 * members and completed appointments for commission.
 */
export function commerceSubscriptions(deps: Pick<CommerceDeps, 'store' | 'logger'>): Subscription[] {
  const { store } = deps;
  return [
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
      .on('identity.customer.deleted.v1', onIdentityCustomerDeleted)
      .subscription(),
    new InboxConsumer(store, SERVICE_CONSUMER)
      .on('catalog.service.upserted.v1', onCatalogServiceUpserted)
      .on('catalog.service.archived.v1', onCatalogServiceArchived)
      .subscription(),
    new InboxConsumer(store, APPOINTMENT_CONSUMER)
      .on('scheduling.appointment.created.v1', onSchedulingAppointmentCreated)
      .on('scheduling.appointment.rescheduled.v1', onSchedulingAppointmentRescheduled)
      .on('scheduling.appointment.cancelled.v1', onSchedulingAppointmentCancelled(deps))
      .on('scheduling.appointment.confirmed.v1', onSchedulingAppointmentConfirmed)
      .on('scheduling.appointment.status_changed.v1', onSchedulingAppointmentStatusChanged)
      .subscription(),
    new InboxConsumer(store, STAFF_CONSUMER)
      .on('scheduling.staff.upserted.v1', onSchedulingStaffUpserted)
      .on('scheduling.staff.terminated.v1', onSchedulingStaffTerminated)
      .subscription(),
    new InboxConsumer(store, ORPHANED_PAYMENT_CONSUMER)
      .on('scheduling.appointment.payment_orphaned.v1', onSchedulingAppointmentPaymentOrphaned(deps))
      .subscription(),
  ];
}
