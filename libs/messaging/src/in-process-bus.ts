import type { Logger } from 'pino';
import { eventSchemas, type EventEnvelope, type EventSchemas } from '@salon/contracts';
import type { DeadLetter, DelayTarget, EventBus, Subscription } from './bus';
import { assertKnownEvents, handleDelivery } from './delivery';
import { eventsConsumed, eventsPublished } from './metrics';

interface Delivery {
  content: string;
  attempt: number;
}

interface Queue {
  subscription: Subscription;
  pending: Delivery[];
  active: number;
  deadLetters: DeadLetter[];
}

/** setTimeout overflows past 2^31-1 ms (about 24.8 days): longer waits are chained. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The embedded-mode transport: same interface and delivery rules as RabbitMQ (routing by exact type,
 * bounded concurrency per consumer, retry with growing delay, dead-lettering, delayed delivery), kept in
 * memory. Messages not yet handled are lost if the process dies; the outbox keeps what was not published.
 */
export class InProcessBus implements EventBus {
  readonly transport = 'in-process' as const;
  private readonly queues = new Map<string, Queue>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly schemas: EventSchemas;
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly options: { logger: Logger; schemas?: EventSchemas }) {
    this.schemas = options.schemas ?? eventSchemas;
  }

  async start(): Promise<void> {}

  isHealthy(): boolean {
    return !this.closed;
  }

  async publish(envelopes: EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('Event bus is closed');
    for (const envelope of envelopes) {
      const content = JSON.stringify(envelope);
      for (const queue of this.queues.values()) {
        if (queue.subscription.events.includes(envelope.type)) this.enqueue(queue, { content, attempt: 1 });
      }
      eventsPublished().inc({ transport: this.transport, type: envelope.type });
    }
  }

  async publishDelayed(envelope: EventEnvelope, deliverAt: Date, target: DelayTarget = { kind: 'events' }) {
    if (this.closed) throw new Error('Event bus is closed');
    this.at(deliverAt.getTime(), () => {
      if (target.kind === 'events') return void this.publish([envelope]);
      const queue = this.queues.get(target.consumer);
      if (queue) this.enqueue(queue, { content: JSON.stringify(envelope), attempt: 1 });
    });
  }

  async subscribe(subscription: Subscription): Promise<void> {
    assertKnownEvents(subscription, this.schemas);
    if (this.queues.has(subscription.consumer))
      throw new Error(`Already subscribed: ${subscription.consumer}`);
    this.queues.set(subscription.consumer, { subscription, pending: [], active: 0, deadLetters: [] });
  }

  async deadLetters(consumer: string): Promise<DeadLetter[]> {
    return [...(this.queues.get(consumer)?.deadLetters ?? [])];
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if ([...this.queues.values()].some((queue) => queue.active > 0)) {
      await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    }
  }

  private enqueue(queue: Queue, delivery: Delivery): void {
    queue.pending.push(delivery);
    this.pump(queue);
  }

  private pump(queue: Queue): void {
    const prefetch = queue.subscription.prefetch ?? 200;
    while (!this.closed && queue.active < prefetch && queue.pending.length > 0) {
      const delivery = queue.pending.shift()!;
      queue.active += 1;
      void this.process(queue, delivery).finally(() => {
        queue.active -= 1;
        if ([...this.queues.values()].every((each) => each.active === 0)) {
          this.idleWaiters.splice(0).forEach((resolve) => resolve());
        }
        this.pump(queue);
      });
    }
  }

  private async process(queue: Queue, delivery: Delivery): Promise<void> {
    const { subscription } = queue;
    const outcome = await handleDelivery(
      subscription,
      this.schemas,
      delivery.content,
      delivery.attempt,
      this.options.logger,
    );
    const type = (JSON.parse(delivery.content) as { type?: string }).type ?? 'unknown';
    eventsConsumed().inc({
      consumer: subscription.consumer,
      type,
      outcome: outcome.kind === 'dead-letter' ? 'dead_letter' : outcome.kind,
    });
    if (outcome.kind === 'retry') {
      // The failure itself was logged with the event's correlation where it was handled.
      this.options.logger.debug(
        { consumer: subscription.consumer, delay_ms: outcome.delayMs },
        'retry scheduled',
      );
      this.at(Date.now() + outcome.delayMs, () =>
        this.enqueue(queue, { content: delivery.content, attempt: outcome.nextAttempt }),
      );
    } else if (outcome.kind === 'dead-letter') {
      this.options.logger.error(
        { consumer: subscription.consumer, reason: outcome.reason },
        'message dead-lettered',
      );
      queue.deadLetters.push({
        envelope: outcome.envelope,
        reason: outcome.reason,
        error: outcome.error,
        attempts: delivery.attempt,
      });
    }
  }

  private at(dueMs: number, fn: () => void): void {
    const wait = Math.max(0, dueMs - Date.now());
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (this.closed) return;
        // Node's timers run on a monotonic clock and may fire a millisecond before Date.now() reaches
        // the due time; re-arming keeps "never before it is due" true on the wall clock too.
        if (Date.now() < dueMs) this.at(dueMs, fn);
        else fn();
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    this.timers.add(timer);
  }
}
