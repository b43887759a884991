import { z } from 'zod';

/** 24-character lowercase hex: every identifier on the platform, events included. */
export const objectIdSchema = z
  .string()
  .regex(/^[0-9a-f]{24}$/, 'must be a 24-character hexadecimal identifier');

/**
 * The integration-event envelope. `id` is also the AMQP messageId and the inbox key;
 * `tenant_id` is null only for platform-wide events.
 */
export const eventEnvelopeSchema = z.object({
  id: objectIdSchema,
  type: z.string().regex(/^[a-z_]+(\.[a-z_]+)+\.v\d+$/, 'must look like <service>.<entity>.<verb>.v<major>'),
  occurred_at: z.string().datetime({ offset: true }),
  tenant_id: objectIdSchema.nullable(),
  producer: z.string().min(1),
  correlation_id: z.string().min(1),
  causation_id: z.string().min(1).nullable(),
  data: z.unknown(),
});

export type EventEnvelope<TData = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & {
  data: TData;
};
