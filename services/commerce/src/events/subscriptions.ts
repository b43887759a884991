import type { MessagingStore, Subscription } from '@salon/messaging';
import { applyServiceArchived, applyServiceUpserted } from './handlers/catalog';
import { applyAppointmentEvent } from './handlers/scheduling';
import {
  applyCustomerDeleted,
  applyCustomerEvent,
  applyOutletEvent,
  applyTenantEvent,
} from './handlers/identity';
import { applyPaymentOrphaned } from './handlers/payments';

export const TENANT_CONSUMER = 'commerce.identity-tenants';
export const OUTLET_CONSUMER = 'commerce.identity-outlets';
export const CUSTOMER_CONSUMER = 'commerce.identity-customers';
export const SERVICE_CONSUMER = 'commerce.catalog-services';
export const APPOINTMENT_CONSUMER = 'commerce.scheduling-appointments';
export const ORPHANED_PAYMENT_CONSUMER = 'commerce.scheduling-orphaned-payments';

/** Commerce's replicas (billing's plans are kept by the runtime's plan-limits replica) and refunds. */
export function commerceSubscriptions(store: MessagingStore): Subscription[] {
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
    {
      consumer: CUSTOMER_CONSUMER,
      events: [
        'identity.customer.registered.v1',
        'identity.customer.updated.v1',
        'identity.customer.deleted.v1',
      ],
      handle: store.inboxed(CUSTOMER_CONSUMER, (event, tx) =>
        event.type === 'identity.customer.deleted.v1'
          ? applyCustomerDeleted(event, tx)
          : applyCustomerEvent(event, tx),
      ),
    },
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
      consumer: APPOINTMENT_CONSUMER,
      events: [
        'scheduling.appointment.created.v1',
        'scheduling.appointment.rescheduled.v1',
        'scheduling.appointment.cancelled.v1',
        'scheduling.appointment.confirmed.v1',
        'scheduling.appointment.status_changed.v1',
      ],
      handle: store.inboxed(APPOINTMENT_CONSUMER, applyAppointmentEvent),
    },
    {
      consumer: ORPHANED_PAYMENT_CONSUMER,
      events: ['scheduling.appointment.payment_orphaned.v1'],
      handle: store.inboxed(ORPHANED_PAYMENT_CONSUMER, applyPaymentOrphaned),
    },
  ];
}
