import { z } from 'zod';
import { objectIdSchema } from '../envelope';

/**
 * A task of the notifications task tier: sent by notifications to its own task consumer through the delay
 * ladder, due at the notification's `scheduled_at`. `version` is the notification's version when the task was
 * made; a task whose version is no longer current (the appointment was rescheduled) skips.
 */
export const notificationTaskDueV1 = z.object({
  notification_id: objectIdSchema,
  tenant_id: objectIdSchema,
  version: z.number().int().positive(),
});
export type NotificationTaskDueV1 = z.infer<typeof notificationTaskDueV1>;

/**
 * One attempt of an outbound webhook delivery, sent by notifications to its own webhook consumer through the
 * delay ladder (at once, then after each growing retry delay). `attempt` is the number of attempts made before
 * this one; a task whose attempt is no longer the delivery's (a duplicate, a replay) skips.
 */
export const webhookDeliveryDueV1 = z.object({
  delivery_id: objectIdSchema,
  tenant_id: objectIdSchema,
  attempt: z.number().int().nonnegative(),
});
export type WebhookDeliveryDueV1 = z.infer<typeof webhookDeliveryDueV1>;
