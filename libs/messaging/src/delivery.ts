import { eventEnvelopeSchema, type EventEnvelope, type EventSchemas } from '@salon/contracts';
import type { Logger } from 'pino';
import { DEFAULT_RETRY, retryDelayMs, type RetryPolicy, type Subscription } from './bus';

export type Outcome =
  | { kind: 'ack' }
  | { kind: 'retry'; delayMs: number; nextAttempt: number; error: string }
  | { kind: 'dead-letter'; reason: 'invalid' | 'exhausted'; error: string; envelope: unknown };

/**
 * What to do with one delivery, shared by both transports so they keep one behaviour:
 * a message that fails its schema is dead-lettered at once; a handler failure is retried with a growing
 * delay until the attempts are used up, then dead-lettered.
 */
export async function handleDelivery(
  subscription: Subscription,
  schemas: EventSchemas,
  content: string,
  attempt: number,
  logger?: Logger,
): Promise<Outcome> {
  let envelope: EventEnvelope;
  let raw: unknown;
  try {
    raw = JSON.parse(content);
    envelope = parseEnvelope(schemas, raw);
  } catch (error) {
    return { kind: 'dead-letter', reason: 'invalid', error: messageOf(error), envelope: raw ?? content };
  }
  // The event's correlation (the request that caused it) on every line about it, so one request id finds
  // its effects in every service's log; `debug`, as a busy service handles thousands a second.
  const trace = {
    consumer: subscription.consumer,
    event_id: envelope.id,
    type: envelope.type,
    correlation_id: envelope.correlation_id,
    attempt,
  };
  try {
    await subscription.handle(envelope);
    logger?.debug(trace, 'event handled');
    return { kind: 'ack' };
  } catch (error) {
    logger?.warn({ ...trace, err: messageOf(error) }, 'event handler failed');
    const policy = retryPolicyOf(subscription);
    if (attempt >= policy.maxAttempts) {
      return { kind: 'dead-letter', reason: 'exhausted', error: messageOf(error), envelope };
    }
    return {
      kind: 'retry',
      delayMs: retryDelayMs(policy, attempt),
      nextAttempt: attempt + 1,
      error: messageOf(error),
    };
  }
}

/** Refuses, when a consumer subscribes, an event type that no schema describes (it could never be delivered). */
export function assertKnownEvents(subscription: Subscription, schemas: EventSchemas): void {
  const unknown = subscription.events.filter((type) => !Object.hasOwn(schemas, type));
  if (unknown.length > 0)
    throw new Error(`${subscription.consumer} subscribes to unknown event types: ${unknown.join(', ')}`);
}

export function parseEnvelope(schemas: EventSchemas, raw: unknown): EventEnvelope {
  const envelope = eventEnvelopeSchema.parse(raw);
  const schema = schemas[envelope.type];
  if (!schema) throw new Error(`Unknown event type ${envelope.type}`);
  return { ...envelope, data: schema.parse(envelope.data) };
}

export function retryPolicyOf(subscription: Subscription): RetryPolicy {
  return { ...DEFAULT_RETRY, ...subscription.retry };
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 1000);
  return String(error).slice(0, 1000);
}
