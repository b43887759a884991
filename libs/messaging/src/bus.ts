import type { EventEnvelope } from '@salon/contracts';

export interface RetryPolicy {
  /** Deliveries in all, the first included, before the message is dead-lettered. */
  maxAttempts: number;
  /** Delay before the second attempt; each later one doubles, up to `maxDelayMs`. */
  initialDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 6, initialDelayMs: 1_000, maxDelayMs: 5 * 60_000 };

export interface Subscription {
  /** `<service>.<purpose>`, e.g. `catalog.plan-limits`; names the durable queue. */
  consumer: string;
  /** Exact event types bound to the queue. */
  events: string[];
  /** Throwing means "retry later"; the message is never acked on failure. */
  handle(event: EventEnvelope): Promise<void>;
  /** Messages handled concurrently (the channel prefetch). */
  prefetch?: number;
  retry?: Partial<RetryPolicy>;
}

/** Where a delayed message goes when due: the events exchange (by its type) or one consumer's queue. */
export type DelayTarget = { kind: 'events' } | { kind: 'consumer'; consumer: string };

export interface DeadLetter {
  envelope: unknown;
  reason: 'invalid' | 'exhausted';
  error: string;
  attempts: number;
}

export interface EventBus {
  readonly transport: 'rabbitmq' | 'in-process';
  start(): Promise<void>;
  /** Resolves once every envelope is confirmed by the broker. */
  publish(envelopes: EventEnvelope[]): Promise<void>;
  /** Delivers the envelope at `deliverAt` (no earlier) through the delay ladder. */
  publishDelayed(envelope: EventEnvelope, deliverAt: Date, target?: DelayTarget): Promise<void>;
  subscribe(subscription: Subscription): Promise<void>;
  /** Reads (without removing) what a consumer has dead-lettered. */
  deadLetters(consumer: string): Promise<DeadLetter[]>;
  isHealthy(): boolean;
  /** Stops consuming, waits for in-flight handlers, then closes. */
  close(): Promise<void>;
}

export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.initialDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
}
