import { DirectConsumer, InboxConsumer, type Subscription } from '@salon/messaging';
import {
  TASK_CONSUMER,
  TASK_EVENT,
  WEBHOOK_ATTEMPT_CONSUMER,
  WEBHOOK_ATTEMPT_EVENT,
  type NotificationsDeps,
} from '../domain/deps';
import { onBillingSubscriptionPaymentApplied } from './handlers/billing.subscription.payment_applied';
import { onCommercePaymentRefunded } from './handlers/commerce.payment.refunded';
import { onCommercePaymentLinkCreated } from './handlers/commerce.payment_link.created';
import { onIdentityAccountPasswordChanged } from './handlers/identity.account.password_changed';
import { onIdentityAccountPasswordResetRequested } from './handlers/identity.account.password_reset_requested';
import { onIdentityCustomerDeleted } from './handlers/identity.customer.deleted';
import { onIdentityCustomerRegistered } from './handlers/identity.customer.registered';
import { onIdentityCustomerUpdated } from './handlers/identity.customer.updated';
import { onIdentityCustomerVerificationRequested } from './handlers/identity.customer.verification_requested';
import { onIdentityOutletUpserted } from './handlers/identity.outlet.upserted';
import { onIdentityTenantRegistered } from './handlers/identity.tenant.registered';
import { onIdentityTenantUpdated } from './handlers/identity.tenant.updated';
import { onNotificationsTaskDue } from './handlers/notifications.task.due';
import { onSchedulingAppointmentCancelled } from './handlers/scheduling.appointment.cancelled';
import { onSchedulingAppointmentConfirmed } from './handlers/scheduling.appointment.confirmed';
import { onSchedulingAppointmentCreated } from './handlers/scheduling.appointment.created';
import { onSchedulingAppointmentRescheduled } from './handlers/scheduling.appointment.rescheduled';
import { onNotificationsWebhookDue } from './handlers/notifications.webhook.due';
import { onSchedulingStaffUpserted } from './handlers/scheduling.staff.upserted';
import { onSchedulingWaitlistOffered } from './handlers/scheduling.waitlist.offered';
import { onWebhookSource } from './handlers/webhook-sources';

export const TENANT_CONSUMER = 'notifications.identity-tenants';
export const CUSTOMER_CONSUMER = 'notifications.identity-customers';
/** Password messages of staff users (no tenant) and customers alike. */
export const ACCOUNT_CONSUMER = 'notifications.identity-accounts';
export const STAFF_CONSUMER = 'notifications.scheduling-staff';
export const APPOINTMENT_CONSUMER = 'notifications.scheduling-appointments';
/** Waitlist offers of freed slots (issue 22 item 2): the customer is told the slot is held for them. */
export const WAITLIST_CONSUMER = 'notifications.scheduling-waitlist';
export const PAYMENT_CONSUMER = 'notifications.commerce-payments';
export const BILLING_CONSUMER = 'notifications.billing-subscriptions';
/** Outbound webhooks: the events integrators may subscribe to, in order (prefetch 1) so a line keeps its order. */
export const WEBHOOK_SOURCE_CONSUMER = 'notifications.webhook-sources';

export function notificationsSubscriptions(deps: NotificationsDeps): Subscription[] {
  const { store } = deps;
  return [
    new InboxConsumer(store, TENANT_CONSUMER)
      .on('identity.tenant.registered.v1', onIdentityTenantRegistered)
      .on('identity.tenant.updated.v1', onIdentityTenantUpdated)
      .on('identity.outlet.upserted.v1', onIdentityOutletUpserted)
      .subscription(),
    new InboxConsumer(store, CUSTOMER_CONSUMER, { prefetch: 1 })
      .on('identity.customer.registered.v1', onIdentityCustomerRegistered(deps))
      .on('identity.customer.updated.v1', onIdentityCustomerUpdated)
      .on('identity.customer.deleted.v1', onIdentityCustomerDeleted)
      .on('identity.customer.verification_requested.v1', onIdentityCustomerVerificationRequested(deps))
      .subscription(),
    new InboxConsumer(store, ACCOUNT_CONSUMER, { prefetch: 1 })
      .on('identity.account.password_reset_requested.v1', onIdentityAccountPasswordResetRequested(deps))
      .on('identity.account.password_changed.v1', onIdentityAccountPasswordChanged(deps))
      .subscription(),
    new InboxConsumer(store, STAFF_CONSUMER)
      .on('scheduling.staff.upserted.v1', onSchedulingStaffUpserted)
      .subscription(),
    new InboxConsumer(store, APPOINTMENT_CONSUMER, { prefetch: 1 })
      .on('scheduling.appointment.created.v1', onSchedulingAppointmentCreated(deps))
      .on('scheduling.appointment.rescheduled.v1', onSchedulingAppointmentRescheduled(deps))
      .on('scheduling.appointment.cancelled.v1', onSchedulingAppointmentCancelled(deps))
      .on('scheduling.appointment.confirmed.v1', onSchedulingAppointmentConfirmed(deps))
      .subscription(),
    new InboxConsumer(store, WAITLIST_CONSUMER)
      .on('scheduling.waitlist.offered.v1', onSchedulingWaitlistOffered(deps))
      .subscription(),
    new InboxConsumer(store, PAYMENT_CONSUMER)
      .on('commerce.payment_link.created.v1', onCommercePaymentLinkCreated(deps))
      .on('commerce.payment.refunded.v1', onCommercePaymentRefunded(deps))
      .subscription(),
    new InboxConsumer(store, BILLING_CONSUMER)
      .on('billing.subscription.payment_applied.v1', onBillingSubscriptionPaymentApplied(deps))
      .subscription(),
    new InboxConsumer(store, WEBHOOK_SOURCE_CONSUMER, { prefetch: 1 })
      .on('scheduling.appointment.created.v1', onWebhookSource(deps, 'scheduling.appointment.created.v1'))
      .on('scheduling.appointment.confirmed.v1', onWebhookSource(deps, 'scheduling.appointment.confirmed.v1'))
      .on(
        'scheduling.appointment.rescheduled.v1',
        onWebhookSource(deps, 'scheduling.appointment.rescheduled.v1'),
      )
      .on('scheduling.appointment.cancelled.v1', onWebhookSource(deps, 'scheduling.appointment.cancelled.v1'))
      .on(
        'scheduling.appointment.status_changed.v1',
        onWebhookSource(deps, 'scheduling.appointment.status_changed.v1'),
      )
      .on('commerce.payment.completed.v1', onWebhookSource(deps, 'commerce.payment.completed.v1'))
      .on('commerce.payment.refunded.v1', onWebhookSource(deps, 'commerce.payment.refunded.v1'))
      .on('identity.customer.registered.v1', onWebhookSource(deps, 'identity.customer.registered.v1'))
      .subscription(),
    // Outbound webhook attempts arrive through the delay ladder, at once and after each retry delay.
    new DirectConsumer(WEBHOOK_ATTEMPT_CONSUMER, { prefetch: 8 })
      .on(WEBHOOK_ATTEMPT_EVENT, onNotificationsWebhookDue(deps))
      .subscription(),
    // The task tier: tasks arrive through the delay ladder at their notification's scheduled_at.
    new DirectConsumer(TASK_CONSUMER, { prefetch: 8 })
      .on(TASK_EVENT, onNotificationsTaskDue(deps))
      .subscription(),
  ];
}
