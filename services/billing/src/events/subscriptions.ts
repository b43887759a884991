import type { Subscription } from '@salon/messaging';
import type { BillingDeps } from '../domain/deps';
import { applyInvoicePaidEvent } from './handlers/commerce-invoice';
import { applyCustomerEvent, applyOutletEvent, applyTenantEvent } from './handlers/identity';
import { applyAppointmentEvent, applyServiceEvent, applyStaffEvent } from './handlers/usage';

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
    {
      consumer: TENANT_CONSUMER,
      events: [
        'identity.tenant.registered.v1',
        'identity.tenant.deactivated.v1',
        'identity.tenant.reactivated.v1',
      ],
      handle: store.inboxed(TENANT_CONSUMER, applyTenantEvent(deps)),
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
      handle: store.inboxed(CUSTOMER_CONSUMER, applyCustomerEvent),
    },
    {
      consumer: SERVICE_CONSUMER,
      events: ['catalog.service.upserted.v1', 'catalog.service.archived.v1'],
      handle: store.inboxed(SERVICE_CONSUMER, applyServiceEvent),
    },
    {
      consumer: STAFF_CONSUMER,
      events: ['scheduling.staff.upserted.v1', 'scheduling.staff.terminated.v1'],
      handle: store.inboxed(STAFF_CONSUMER, applyStaffEvent),
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
      consumer: INVOICE_CONSUMER,
      events: ['commerce.subscription_invoice.paid.v1'],
      handle: store.inboxed(INVOICE_CONSUMER, applyInvoicePaidEvent(deps)),
    },
  ];
}
