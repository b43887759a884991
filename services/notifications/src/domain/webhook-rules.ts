import { createHmac, randomBytes } from 'node:crypto';
import type { EventData, EventEnvelope, webhooksApi } from '@salon/contracts';
import { retryDelayMs } from '@salon/messaging';

type WebhookEventType = webhooksApi.WebhookEventType;

/** One webhook message an integration event gives: the same `id` on every attempt and replay. */
export interface WebhookMessage {
  id: string;
  type: WebhookEventType;
  /** Messages with the same key reach an endpoint one at a time, in the order their events occurred. */
  orderingKey: string | null;
  data: Record<string, unknown>;
}

/** The integration events that become webhooks, each mapped to its messages (none for a status it ignores). */
export type WebhookSourceType =
  | 'scheduling.appointment.created.v1'
  | 'scheduling.appointment.confirmed.v1'
  | 'scheduling.appointment.rescheduled.v1'
  | 'scheduling.appointment.cancelled.v1'
  | 'scheduling.appointment.status_changed.v1'
  | 'commerce.payment.completed.v1'
  | 'commerce.payment.refunded.v1'
  | 'identity.customer.registered.v1';

type Mapper<T extends WebhookSourceType> = (data: EventData<T>, eventId: string) => WebhookMessage[];

const messageId = (eventId: string, suffix?: string) => `msg_${eventId}${suffix ? `_${suffix}` : ''}`;
const appointment =
  (type: WebhookEventType) =>
  (data: { appointment_id: string }, eventId: string): WebhookMessage[] => [
    { id: messageId(eventId), type, orderingKey: `appointment:${data.appointment_id}`, data },
  ];

/** The public event types and where each comes from (docs/webhooks.md lists them for integrators). */
export const WEBHOOK_SOURCES: { [T in WebhookSourceType]: Mapper<T> } = {
  'scheduling.appointment.created.v1': appointment('appointment.created'),
  'scheduling.appointment.confirmed.v1': appointment('appointment.confirmed'),
  'scheduling.appointment.rescheduled.v1': appointment('appointment.rescheduled'),
  'scheduling.appointment.cancelled.v1': appointment('appointment.cancelled'),
  'scheduling.appointment.status_changed.v1': (data, eventId) =>
    data.status === 'completed' ? appointment('appointment.completed')(data, eventId) : [],
  'commerce.payment.completed.v1': (data, eventId) => {
    const messages: WebhookMessage[] = [
      {
        id: messageId(eventId),
        type: 'payment.completed',
        orderingKey: data.appointment_id ? `appointment:${data.appointment_id}` : null,
        data,
      },
    ];
    if (data.customer_package_id)
      messages.push({
        id: messageId(eventId, 'package'),
        type: 'package.purchased',
        orderingKey: null,
        data: {
          customer_package_id: data.customer_package_id,
          customer_id: data.customer_id ?? null,
          payment_id: data.payment_id,
          amount: data.amount,
          currency: data.currency,
          purchased_at: data.completed_at,
        },
      });
    return messages;
  },
  'commerce.payment.refunded.v1': (data, eventId) => [
    {
      id: messageId(eventId),
      type: 'payment.refunded',
      orderingKey: data.appointment_id ? `appointment:${data.appointment_id}` : null,
      data,
    },
  ],
  // Never the verification codes nor whether a password is set: only who the customer is.
  'identity.customer.registered.v1': (data, eventId) => [
    {
      id: messageId(eventId),
      type: 'customer.created',
      orderingKey: null,
      data: {
        customer_id: data.customer_id,
        email: data.email,
        phone: data.phone,
        first_name: data.first_name,
        last_name: data.last_name,
        source: data.source,
        tags: data.tags,
        created_at: data.created_at,
      },
    },
  ],
};

/** The JSON body every endpoint receives: Standard Webhooks' `{type, timestamp, data}` with the message id. */
export function webhookBody(
  message: WebhookMessage,
  event: Pick<EventEnvelope, 'occurred_at' | 'tenant_id'>,
) {
  return {
    id: message.id,
    type: message.type,
    timestamp: event.occurred_at,
    tenant_id: event.tenant_id,
    data: message.data,
  };
}

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes, base64, with Standard Webhooks' `whsec_` prefix. */
export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed with the
 * secret's bytes (the base64 after `whsec_`).
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The headers of one attempt (a new timestamp and signature each time; the id never changes). */
export function webhookHeaders(secret: string, id: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'SalonPlatform-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}

export interface RetryLimits {
  initialDelayMs: number;
  maxDelayMs: number;
  windowSeconds: number;
  disableAfterSeconds: number;
}

/** Whether an answer is a success: any 2xx. */
export const delivered = (statusCode: number | null): boolean =>
  statusCode !== null && statusCode >= 200 && statusCode < 300;

/** After a failed attempt: when to try again, or null when the delivery's retry window is over. */
export function nextAttemptAt(
  limits: RetryLimits,
  { attempts, windowStartedAt, now }: { attempts: number; windowStartedAt: Date; now: Date },
): Date | null {
  const delay = retryDelayMs({ maxAttempts: Infinity, ...limits }, attempts);
  const at = new Date(now.getTime() + delay);
  const windowEnds = windowStartedAt.getTime() + limits.windowSeconds * 1000;
  return now.getTime() >= windowEnds ? null : new Date(Math.min(at.getTime(), windowEnds));
}

/** Whether an endpoint failing since `failingSince` has failed long enough to be disabled. */
export const failingTooLong = (limits: RetryLimits, failingSince: Date, now: Date): boolean =>
  now.getTime() - failingSince.getTime() >= limits.disableAfterSeconds * 1000;
