import type { z } from 'zod';
import { subscriptionChangedV1 } from './events/billing';

/**
 * Every integration event type and the zod schema of its `data`. Producers validate before writing to the
 * outbox, consumers validate before handling; a message that fails goes to the dead-letter queue.
 * Schemas parse leniently (unknown keys are stripped, not refused) so additive changes keep the version.
 */
export const eventSchemas = {
  'billing.subscription.changed.v1': subscriptionChangedV1,
} as const;

export type EventSchemas = Record<string, z.ZodType>;
export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
