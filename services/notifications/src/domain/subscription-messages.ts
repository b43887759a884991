import { PLAN_CATALOGUE, type SubscriptionPaymentAppliedV1 } from '@salon/contracts';
import type { EventOrigin } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import * as replicas from '../db/replica.repository';
import type { NotificationsDeps } from './deps';
import { scheduleNotification } from './schedule-notification';
import type { SubscriptionPaymentDetails } from './templates';

/**
 * The business's confirmation of a paid subscription invoice (billing.subscription.payment_applied.v1), by
 * e-mail to the tenant's own address, stored as a notification due now so a crash cannot lose it and keyed by
 * the invoice, so one invoice is confirmed once whatever is redelivered. The tenant replica must exist (its
 * registration comes long before any payment): until it does the event is retried.
 */
export async function scheduleSubscriptionPaymentConfirmation(
  deps: NotificationsDeps,
  tx: Executor,
  data: SubscriptionPaymentAppliedV1,
  origin: EventOrigin,
): Promise<void> {
  const tenant = await replicas.findTenant(tx, data.tenant_id);
  if (!tenant) throw new Error(`tenant ${data.tenant_id} is not replicated yet`);
  const details: SubscriptionPaymentDetails = {
    kind: data.kind,
    plan_name: PLAN_CATALOGUE[data.plan].display_name,
    previous_plan_name: PLAN_CATALOGUE[data.previous_plan].display_name,
    billing_period: data.billing_period,
    period_start: data.current_period_start,
    period_end: data.current_period_end,
    next_billing_date: data.next_billing_date,
  };
  await scheduleNotification(
    deps,
    tx,
    {
      tenant_id: data.tenant_id,
      kind: 'subscription_payment_confirmation',
      scheduled_at: deps.clock.now(),
      // The business, not one of its users: no preferences apply, the replica's e-mail is the address.
      recipient_type: 'staff',
      recipient_id: null,
      recipient: { name: tenant.name, email: tenant.email, phone: null, language: tenant.language },
      channels: ['email'],
      template: 'subscription_payment_confirmation',
      payload: { ...details, invoice_id: data.invoice_id, amount: data.amount, currency: data.currency },
      appointment_id: null,
      dedupe_key: `subscription-payment:${data.invoice_id}`,
    },
    origin,
  );
}
