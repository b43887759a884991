import type { z } from 'zod';
import { scheduledChangeDueV1, subscriptionChangedV1, subscriptionPaymentAppliedV1 } from './events/billing';
import { serviceArchivedV1, serviceUpsertedV1 } from './events/catalog';
import { outletUpsertedV1, tenantRegisteredV1, tenantUpdatedV1 } from './events/identity';
import { customerDeletedV1, customerRegisteredV1, customerUpdatedV1 } from './events/identity';
import {
  customerVerificationRequestedV1,
  passwordChangedV1,
  passwordResetRequestedV1,
} from './events/identity';
import { creditsRedeemedV1, paymentCompletedV1, paymentRefundedV1 } from './events/commerce';
import { subscriptionInvoicePaidV1 } from './events/commerce';
import { paymentLinkCreatedV1 } from './events/commerce';
import { tenantDeactivatedV1, tenantReactivatedV1 } from './events/identity';
import { notificationTaskDueV1, webhookDeliveryDueV1 } from './events/notifications';
import { userUpsertedV1 } from './events/identity';
import {
  appointmentCancelledV1,
  appointmentConfirmedV1,
  appointmentCreatedV1,
  appointmentDepositDueV1,
  appointmentPaymentOrphanedV1,
  appointmentRescheduledV1,
  appointmentStatusChangedV1,
  reviewDeletedV1,
  reviewUpsertedV1,
  staffTerminatedV1,
  staffUpsertedV1,
  availabilityOpenedV1,
  waitlistOfferDueV1,
  waitlistOfferedV1,
} from './events/scheduling';

/**
 * Every integration event type and the zod schema of its `data`. Producers validate before writing to the
 * outbox, consumers validate before handling; a message that fails goes to the dead-letter queue.
 * Schemas parse leniently (unknown keys are stripped, not refused) so additive changes keep the version.
 */
export const eventSchemas = {
  'billing.subscription.changed.v1': subscriptionChangedV1,
  'billing.subscription.payment_applied.v1': subscriptionPaymentAppliedV1,
  'billing.scheduled_change.due.v1': scheduledChangeDueV1,
  'identity.tenant.registered.v1': tenantRegisteredV1,
  'identity.tenant.updated.v1': tenantUpdatedV1,
  'identity.outlet.upserted.v1': outletUpsertedV1,
  'identity.customer.registered.v1': customerRegisteredV1,
  'identity.customer.updated.v1': customerUpdatedV1,
  'identity.customer.deleted.v1': customerDeletedV1,
  'identity.customer.verification_requested.v1': customerVerificationRequestedV1,
  'identity.account.password_reset_requested.v1': passwordResetRequestedV1,
  'identity.account.password_changed.v1': passwordChangedV1,
  'catalog.service.upserted.v1': serviceUpsertedV1,
  'catalog.service.archived.v1': serviceArchivedV1,
  'commerce.payment.completed.v1': paymentCompletedV1,
  'commerce.payment.refunded.v1': paymentRefundedV1,
  'commerce.credits.redeemed.v1': creditsRedeemedV1,
  'commerce.subscription_invoice.paid.v1': subscriptionInvoicePaidV1,
  'commerce.payment_link.created.v1': paymentLinkCreatedV1,
  'identity.tenant.deactivated.v1': tenantDeactivatedV1,
  'identity.tenant.reactivated.v1': tenantReactivatedV1,
  'identity.user.upserted.v1': userUpsertedV1,
  'scheduling.staff.upserted.v1': staffUpsertedV1,
  'scheduling.staff.terminated.v1': staffTerminatedV1,
  'scheduling.appointment.created.v1': appointmentCreatedV1,
  'scheduling.appointment.rescheduled.v1': appointmentRescheduledV1,
  'scheduling.appointment.cancelled.v1': appointmentCancelledV1,
  'scheduling.appointment.confirmed.v1': appointmentConfirmedV1,
  'scheduling.appointment.status_changed.v1': appointmentStatusChangedV1,
  'scheduling.appointment.payment_orphaned.v1': appointmentPaymentOrphanedV1,
  'scheduling.appointment.deposit_due.v1': appointmentDepositDueV1,
  'scheduling.review.upserted.v1': reviewUpsertedV1,
  'scheduling.review.deleted.v1': reviewDeletedV1,
  'scheduling.waitlist.offered.v1': waitlistOfferedV1,
  'scheduling.waitlist.offer_due.v1': waitlistOfferDueV1,
  'scheduling.availability.opened.v1': availabilityOpenedV1,
  'notifications.task.due.v1': notificationTaskDueV1,
  'notifications.webhook.due.v1': webhookDeliveryDueV1,
} as const;

export type EventSchemas = Record<string, z.ZodType>;
export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
