import { InboxConsumer, type MessagingStore, type Subscription } from '@salon/messaging';
import { onCatalogServiceArchived } from './handlers/catalog.service.archived';
import { onCatalogServiceUpserted } from './handlers/catalog.service.upserted';
import { onCommerceCreditsRedeemed } from './handlers/commerce.credits.redeemed';
import { onCommercePaymentCompleted } from './handlers/commerce.payment.completed';
import { onCommercePaymentRefunded } from './handlers/commerce.payment.refunded';
import { onSchedulingAppointmentCancelled } from './handlers/scheduling.appointment.cancelled';
import { onSchedulingAppointmentConfirmed } from './handlers/scheduling.appointment.confirmed';
import { onSchedulingAppointmentCreated } from './handlers/scheduling.appointment.created';
import { onSchedulingAppointmentRescheduled } from './handlers/scheduling.appointment.rescheduled';
import { onSchedulingAppointmentStatusChanged } from './handlers/scheduling.appointment.status_changed';
import { onSchedulingStaffTerminated } from './handlers/scheduling.staff.terminated';
import { onSchedulingStaffUpserted } from './handlers/scheduling.staff.upserted';

export const APPOINTMENT_CONSUMER = 'identity.appointment-counters';
export const STAFF_CONSUMER = 'identity.scheduling-staff';
export const SERVICE_CONSUMER = 'identity.catalog-services';
export const CUSTOMER_MONEY_CONSUMER = 'identity.customer-money';

/**
 * Identity's replicas: scheduling's appointments (tenant stats, a customer's visits) and commerce's payments,
 * refunds and package-paid visits (what a customer spent, loyalty points), and the staff members and services
 * a customer's preferences may name (billing's plans are the runtime's).
 */
export function identitySubscriptions(store: MessagingStore): Subscription[] {
  return [
    new InboxConsumer(store, APPOINTMENT_CONSUMER)
      .on('scheduling.appointment.created.v1', onSchedulingAppointmentCreated)
      .on('scheduling.appointment.cancelled.v1', onSchedulingAppointmentCancelled)
      .on('scheduling.appointment.confirmed.v1', onSchedulingAppointmentConfirmed)
      .on('scheduling.appointment.status_changed.v1', onSchedulingAppointmentStatusChanged)
      .on('scheduling.appointment.rescheduled.v1', onSchedulingAppointmentRescheduled)
      .subscription(),
    new InboxConsumer(store, CUSTOMER_MONEY_CONSUMER)
      .on('commerce.payment.completed.v1', onCommercePaymentCompleted)
      .on('commerce.payment.refunded.v1', onCommercePaymentRefunded)
      .on('commerce.credits.redeemed.v1', onCommerceCreditsRedeemed)
      .subscription(),
    new InboxConsumer(store, STAFF_CONSUMER)
      .on('scheduling.staff.upserted.v1', onSchedulingStaffUpserted)
      .on('scheduling.staff.terminated.v1', onSchedulingStaffTerminated)
      .subscription(),
    new InboxConsumer(store, SERVICE_CONSUMER)
      .on('catalog.service.upserted.v1', onCatalogServiceUpserted)
      .on('catalog.service.archived.v1', onCatalogServiceArchived)
      .subscription(),
  ];
}
