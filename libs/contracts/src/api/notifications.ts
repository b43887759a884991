import { z } from 'zod';
import { objectIdSchema } from '../envelope';
import type { OperationSchemaMap } from './operation';

/**
 * The notifications service's HTTP contracts: request schemas its routes validate with, and the OpenAPI entries.
 * Every route is an internal webhook (X-Internal-Token), so none of them is in the public document; the
 * schemas still state what the scheduler and the task tier may rely on. Except retry, every webhook answers
 * 200 also on failure, with `status` telling the outcome.
 */

export const triggerBody = z.object({
  scheduled_notification_id: objectIdSchema,
  tenant_id: objectIdSchema.optional(),
  version: z.int().min(1).default(1),
});
export const retryBody = z.object({ force: z.boolean().optional() });

const timestamp = z.iso.datetime({ offset: true });
/** Channel names the notification went out on (email, whatsapp, sms, push). */
const sentVia = z.array(z.string());
const errorForm = z.strictObject({ status: z.literal('error'), error: z.string(), timestamp });

export const promoteResponse = z.union([
  z.strictObject({
    status: z.literal('success'),
    stats: z.strictObject({
      total_found: z.int(),
      promoted: z.int(),
      failed: z.int(),
      skipped: z.int(),
      success_rate: z.number(),
      duration_ms: z.number(),
    }),
    timestamp,
  }),
  errorForm,
]);

export const triggerResponse = z.union([
  z.strictObject({ status: z.literal('skipped'), reason: z.string(), notification_id: z.string() }),
  z.strictObject({
    status: z.literal('success'),
    notification_id: z.string(),
    sent_via: sentVia,
    message: z.string(),
  }),
  z.strictObject({ status: z.literal('error'), notification_id: z.string(), error: z.string() }),
]);

export const promotionStatsResponse = z.union([
  z.strictObject({
    status: z.literal('success'),
    /** Notifications waiting in the database tier (the spec's field name). */
    pending_mongodb: z.int(),
    ready_for_promotion: z.int(),
    promoted: z.int(),
    failed: z.int(),
    promotion_window_days: z.int(),
    promoter_batch_size: z.int(),
    timestamp,
  }),
  errorForm,
]);

export const retryResponse = z.union([
  z.strictObject({
    status: z.literal('success'),
    notification_id: z.string(),
    retry_count: z.int(),
    sent_via: sentVia,
    message: z.string(),
  }),
  z.strictObject({
    status: z.literal('error'),
    notification_id: z.string(),
    retry_count: z.int(),
    sent_via: sentVia,
    error: z.string(),
  }),
]);

export const healthResponse = z.strictObject({
  status: z.enum(['healthy', 'degraded', 'unhealthy']),
  database: z.enum(['connected', 'disconnected']),
  cloud_tasks: z.enum(['available', 'disabled', 'unknown']),
  details: z.strictObject({ pending_count: z.int(), promoted_count: z.int(), failed_count: z.int() }),
  /** Only when unhealthy. */
  error: z.string().optional(),
  timestamp,
});

// The WhatsApp Cloud API's webhook (Meta calls it; public, signed with the app secret).
/** The subscription handshake Meta makes once: the challenge is echoed when the verify token matches. */
export const whatsAppHandshakeQuery = z.object({
  'hub.mode': z.literal('subscribe'),
  'hub.verify_token': z.string(),
  'hub.challenge': z.string().min(1),
});
const whatsAppMessageStatus = z.object({
  id: z.string(),
  status: z.string(),
  timestamp: z.string(),
  recipient_id: z.string().optional(),
  biz_opaque_callback_data: z.string().optional(),
  errors: z.array(z.object({ code: z.number(), title: z.string().optional() })).optional(),
});
/** A status callback (sent, delivered, read, failed) for messages we sent; other fields Meta sends pass. */
export const whatsAppStatusWebhook = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      id: z.string(),
      changes: z.array(
        z.object({
          field: z.string(),
          value: z.object({ statuses: z.array(whatsAppMessageStatus).optional() }).loose(),
        }),
      ),
    }),
  ),
});
/** What a provider's status callback changed: callbacks read, deliveries moved on. */
export const statusCallbackAck = z.strictObject({ received: z.int(), updated: z.int() });

// Twilio's message status callback (Twilio calls it; public, form-encoded, X-Twilio-Signature with the auth token).
/** One status change of a message we sent; ErrorCode with undelivered and failed; other fields Twilio sends pass. */
export const twilioStatusCallback = z
  .object({
    MessageSid: z.string().min(1),
    MessageStatus: z.string().min(1),
    ErrorCode: z.string().optional(),
    AccountSid: z.string().optional(),
    To: z.string().optional(),
    From: z.string().optional(),
  })
  .loose();

// The customer's push devices (a customer access token): FCM registration tokens push messages go to.
export const devicePlatform = z.enum(['android', 'ios', 'web']);
/** An FCM registration token as the app's Firebase SDK hands it out (about 160 characters; no spaces). */
const deviceToken = z.string().min(16).max(4096).regex(/^\S+$/, { error: 'must not contain spaces' });
export const registerDeviceBody = z.object({ token: deviceToken, platform: devicePlatform });
export const devicePath = z.object({ token: deviceToken });
export const pushDevice = z.strictObject({
  token: z.string(),
  platform: devicePlatform,
  /** When the device was first registered, and when it was last registered again. */
  created_at: timestamp,
  updated_at: timestamp,
});

export const notificationsOperations: OperationSchemaMap = {
  'POST /customer/devices': { body: registerDeviceBody, response: pushDevice, status: 201 },
  'DELETE /customer/devices/{token}': { status: 204 },
  'GET /webhooks/whatsapp': { query: whatsAppHandshakeQuery, response: z.string(), errors: [403] },
  'POST /webhooks/whatsapp': { body: whatsAppStatusWebhook, response: statusCallbackAck, errors: [401] },
  'POST /webhooks/twilio/status': {
    body: twilioStatusCallback,
    bodyMediaType: 'application/x-www-form-urlencoded',
    response: statusCallbackAck,
    errors: [401],
  },
  'POST /webhooks/notifications/promote': { response: promoteResponse },
  'POST /webhooks/notifications/trigger': { body: triggerBody, response: triggerResponse },
  'GET /webhooks/notifications/promotion-stats': { response: promotionStatsResponse },
  'POST /webhooks/notifications/retry/{notification_id}': {
    body: retryBody,
    response: retryResponse,
    errors: [400],
  },
  'GET /webhooks/notifications/health': { response: healthResponse },
};
