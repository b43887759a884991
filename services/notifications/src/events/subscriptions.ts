import type { EventData } from '@salon/contracts';
import type { Subscription } from '@salon/messaging';
import { triggerNotification } from '../domain/deliver-notification';
import { TASK_CONSUMER, TASK_EVENT, type NotificationsDeps } from '../domain/deps';
import {
  applyAppointmentEvent,
  applyPaymentCompleted,
  applyPaymentLinkCreated,
} from './handlers/appointment';
import {
  applyCustomerDeleted,
  applyCustomerRegistered,
  sendVerificationCodes,
  type VerificationMessage,
} from './handlers/customer';
import {
  applyCustomerUpdated,
  applyOutletEvent,
  applyStaffEvent,
  applyTenantEvent,
} from './handlers/replicas';

export const TENANT_CONSUMER = 'notifications.identity-tenants';
export const CUSTOMER_CONSUMER = 'notifications.identity-customers';
export const STAFF_CONSUMER = 'notifications.scheduling-staff';
export const APPOINTMENT_CONSUMER = 'notifications.scheduling-appointments';
export const PAYMENT_CONSUMER = 'notifications.commerce-payments';

export function notificationsSubscriptions(deps: NotificationsDeps): Subscription[] {
  const { store } = deps;
  // Codes prepared inside the inbox transaction, sent after it commits (never while holding it).
  const codesToSend = new Map<string, VerificationMessage[]>();
  const applyCustomerEvent = store.inboxed(CUSTOMER_CONSUMER, async (event, tx) => {
    if (event.type === 'identity.customer.registered.v1') {
      codesToSend.set(event.id, await applyCustomerRegistered(event, tx));
      return;
    }
    if (event.type === 'identity.customer.deleted.v1') return applyCustomerDeleted(event, tx);
    return applyCustomerUpdated(event, tx);
  });
  return [
    {
      consumer: TENANT_CONSUMER,
      events: ['identity.tenant.registered.v1', 'identity.tenant.updated.v1', 'identity.outlet.upserted.v1'],
      handle: store.inboxed(TENANT_CONSUMER, (event, tx) =>
        event.type === 'identity.outlet.upserted.v1'
          ? applyOutletEvent(event, tx)
          : applyTenantEvent(event, tx),
      ),
    },
    {
      consumer: CUSTOMER_CONSUMER,
      events: [
        'identity.customer.registered.v1',
        'identity.customer.updated.v1',
        'identity.customer.deleted.v1',
      ],
      prefetch: 1,
      handle: async (event) => {
        try {
          await applyCustomerEvent(event);
          const codes = codesToSend.get(event.id);
          if (codes) await sendVerificationCodes(deps, codes);
        } finally {
          codesToSend.delete(event.id);
        }
      },
    },
    {
      consumer: STAFF_CONSUMER,
      events: ['scheduling.staff.upserted.v1'],
      handle: store.inboxed(STAFF_CONSUMER, applyStaffEvent),
    },
    {
      consumer: APPOINTMENT_CONSUMER,
      events: [
        'scheduling.appointment.created.v1',
        'scheduling.appointment.rescheduled.v1',
        'scheduling.appointment.cancelled.v1',
      ],
      prefetch: 1,
      handle: store.inboxed(APPOINTMENT_CONSUMER, applyAppointmentEvent(deps)),
    },
    {
      consumer: PAYMENT_CONSUMER,
      events: ['commerce.payment.completed.v1', 'commerce.payment_link.created.v1'],
      handle: store.inboxed(PAYMENT_CONSUMER, (event, tx) =>
        event.type === 'commerce.payment.completed.v1'
          ? applyPaymentCompleted(deps)(event, tx)
          : applyPaymentLinkCreated(deps)(event, tx),
      ),
    },
    {
      // The task tier: tasks arrive through the delay ladder at their notification's scheduled_at. The row lock
      // and the PROMOTED → PROCESSING step make a redelivered task skip, so no inbox is needed.
      consumer: TASK_CONSUMER,
      events: [TASK_EVENT],
      prefetch: 8,
      handle: async (event) => {
        const task = event.data as EventData<typeof TASK_EVENT>;
        const result = await triggerNotification(deps, {
          id: task.notification_id,
          tenantId: task.tenant_id,
          version: task.version,
          source: 'task',
        });
        deps.logger.info(
          { task: task.notification_id, version: task.version, result: result.status },
          'task ran',
        );
      },
    },
  ];
}
