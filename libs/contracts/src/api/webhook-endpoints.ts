import { z } from 'zod';
import { objectId, pageQuerySchema, pagedSchema } from '../http';
import type { OperationSchemaMap } from './operation';

/**
 * Outbound webhooks for integrators (docs/webhooks.md): a TENANT_ADMIN registers endpoints, notifications signs
 * and delivers the platform's events to them (Standard Webhooks), retries, keeps a delivery log and disables an
 * endpoint that keeps failing.
 */

/** The event types an endpoint may subscribe to; each comes from one integration event (docs/webhooks.md). */
export const WEBHOOK_EVENT_TYPES = [
  'appointment.created',
  'appointment.confirmed',
  'appointment.rescheduled',
  'appointment.cancelled',
  'appointment.completed',
  'payment.completed',
  'payment.refunded',
  'customer.created',
  'package.purchased',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What the test-ping sends; not subscribable. */
export const WEBHOOK_TEST_TYPE = 'webhook.test';

const timestamp = z.iso.datetime({ offset: true });
const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .refine((types) => new Set(types).size === types.length, { error: 'event types must not repeat' });
const url = z.string().trim().min(1).max(2048);
const description = z.string().trim().max(200).nullish();

export const createEndpointBody = z.strictObject({ url, event_types: eventTypes, description });
/** `enabled: true` enables a disabled endpoint again (its failure clock restarts); `false` pauses it. */
export const updateEndpointBody = z
  .strictObject({
    url: url.optional(),
    event_types: eventTypes.optional(),
    description,
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'at least one field is required',
  });
export const endpointPath = z.object({ endpoint_id: objectId });
export const deliveryPath = endpointPath.extend({ delivery_id: objectId });
export const deliveryListQuery = pageQuerySchema().extend({
  status: z.enum(['pending', 'delivered', 'failed']).optional(),
});

export const webhookEndpoint = z.strictObject({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  status: z.enum(['enabled', 'disabled']),
  /** Why it was disabled: `failing` (automatically, after failing for WEBHOOK_DISABLE_AFTER_SECONDS) or `paused`. */
  disabled_reason: z.enum(['failing', 'paused']).nullable(),
  disabled_at: timestamp.nullable(),
  /** The first failure since the last success; null while deliveries succeed. */
  failing_since: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
/** The secret (`whsec_…`) is shown in this answer only. */
export const createdEndpoint = webhookEndpoint.extend({ secret: z.string() });
export const endpointList = z.strictObject({ items: z.array(webhookEndpoint) });

export const webhookAttempt = z.strictObject({
  attempt: z.int(),
  /** The receiver's HTTP status; null when no answer came (refused, timed out, blocked address). */
  status_code: z.int().nullable(),
  /** The first 1,000 characters of the receiver's answer. */
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  duration_ms: z.int(),
  attempted_at: timestamp,
});
export const webhookDelivery = z.strictObject({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt and replay, so a receiver can deduplicate. */
  message_id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(webhookAttempt),
  next_attempt_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  created_at: timestamp,
});
export const pagedDeliveries = pagedSchema(webhookDelivery);

export const webhookEndpointOperations: OperationSchemaMap = {
  'POST /webhook-endpoints': {
    body: createEndpointBody,
    response: createdEndpoint,
    status: 201,
    errors: [409],
  },
  'GET /webhook-endpoints': { response: endpointList },
  'GET /webhook-endpoints/{endpoint_id}': { response: webhookEndpoint },
  'PATCH /webhook-endpoints/{endpoint_id}': { body: updateEndpointBody, response: webhookEndpoint },
  'DELETE /webhook-endpoints/{endpoint_id}': { status: 204 },
  'POST /webhook-endpoints/{endpoint_id}/test': { response: webhookDelivery, status: 202, errors: [409] },
  'GET /webhook-endpoints/{endpoint_id}/deliveries': { query: deliveryListQuery, response: pagedDeliveries },
  'POST /webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/replay': {
    response: webhookDelivery,
    status: 202,
    errors: [409],
  },
};
