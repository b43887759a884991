import { eventSchemas, type EventData, type EventEnvelope, type EventType } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import type { RetryPolicy, Subscription } from './bus';
import type { MessagingStore } from './store';

/** What an inboxed handler gets beside the event's data. */
export interface InboxContext<T extends EventType = EventType> {
  /** The inbox transaction: the handler's writes commit with the event's inbox row, or not at all. */
  tx: Executor;
  event: EventEnvelope<EventData<T>>;
  /** Runs `work` once the inbox transaction has committed, so slow I/O never holds the transaction. */
  afterCommit(work: () => Promise<void>): void;
}

/** Handles one event type inside the inbox; `data` is already parsed by the contract's schema. */
export type InboxHandler<T extends EventType> = (
  data: EventData<T>,
  context: InboxContext<T>,
) => Promise<void>;

/** Handles one event type outside any inbox: the handler itself makes a redelivery harmless. */
export type DirectHandler<T extends EventType> = (
  data: EventData<T>,
  event: EventEnvelope<EventData<T>>,
) => Promise<void>;

export interface ConsumerOptions {
  /** Messages handled concurrently (the channel prefetch). */
  prefetch?: number;
  retry?: Partial<RetryPolicy>;
}

/**
 * The delivery path has already parsed `data` with the registry's schema for `event.type` (a message that
 * fails it is dead-lettered), so matching the type is all it takes to know the data's type.
 */
function isEventOf<T extends EventType>(event: EventEnvelope, type: T): event is EventEnvelope<EventData<T>> {
  return event.type === type;
}

/** One consumer's handlers by event type; refuses, when the service starts, a type the registry lacks. */
class HandlerTable<TRun> {
  private readonly runs = new Map<string, TRun>();

  constructor(readonly consumer: string) {}

  add(type: EventType, run: TRun): void {
    if (!Object.hasOwn(eventSchemas, type))
      throw new Error(`${this.consumer} subscribes to ${type}, which the event registry does not know`);
    if (this.runs.has(type)) throw new Error(`${this.consumer} handles ${type} twice`);
    this.runs.set(type, run);
  }

  of(event: EventEnvelope): TRun {
    const run = this.runs.get(event.type);
    if (!run) throw new Error(`${this.consumer} has no handler for ${event.type}`);
    return run;
  }

  events(): string[] {
    if (this.runs.size === 0) throw new Error(`${this.consumer} handles no event`);
    return [...this.runs.keys()];
  }
}

type InboxRun = (
  event: EventEnvelope,
  tx: Executor,
  afterCommit: InboxContext['afterCommit'],
) => Promise<void>;

/**
 * A durable consumer (one queue) whose handlers run exactly once per event, inside the inbox transaction:
 *
 *   new InboxConsumer(store, 'scheduling.catalog-services')
 *     .on('catalog.service.upserted.v1', onCatalogServiceUpserted)
 *     .subscription();
 */
export class InboxConsumer {
  private readonly table: HandlerTable<InboxRun>;
  private readonly afterCommitWork = new Map<string, Array<() => Promise<void>>>();
  /** Deliveries of each event id being handled now. */
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly store: MessagingStore,
    consumer: string,
    private readonly options: ConsumerOptions = {},
  ) {
    this.table = new HandlerTable(consumer);
  }

  on<T extends EventType>(type: T, handler: InboxHandler<T>): this {
    this.table.add(type, (event, tx, afterCommit) => {
      if (!isEventOf(event, type)) throw new Error(`${event.type} reached the handler of ${type}`);
      return handler(event.data, { tx, event, afterCommit });
    });
    return this;
  }

  subscription(): Subscription {
    const { consumer } = this.table;
    const inboxed = this.store.inboxed(consumer, (event, tx) => {
      // A batch that fails is applied again event by event; each run starts its own list.
      const work: Array<() => Promise<void>> = [];
      this.afterCommitWork.set(event.id, work);
      return this.table.of(event)(event, tx, (job) => void work.push(job));
    });
    return {
      consumer,
      events: this.table.events(),
      ...this.options,
      handle: async (event) => {
        // Only the delivery whose run committed takes the work: a duplicate delivered at the same time (same
        // id) must not run it a second time. What a failed run left is dropped with the last delivery.
        this.inFlight.set(event.id, (this.inFlight.get(event.id) ?? 0) + 1);
        let work: Array<() => Promise<void>> = [];
        try {
          if (await inboxed(event)) {
            work = this.afterCommitWork.get(event.id) ?? [];
            this.afterCommitWork.delete(event.id);
          }
        } finally {
          const left = this.inFlight.get(event.id)! - 1;
          if (left > 0) this.inFlight.set(event.id, left);
          else {
            this.inFlight.delete(event.id);
            this.afterCommitWork.delete(event.id);
          }
        }
        for (const job of work) await job();
      },
    };
  }
}

/** A durable consumer without an inbox, for handlers that make a redelivery harmless themselves. */
export class DirectConsumer {
  private readonly table: HandlerTable<(event: EventEnvelope) => Promise<void>>;

  constructor(
    consumer: string,
    private readonly options: ConsumerOptions = {},
  ) {
    this.table = new HandlerTable(consumer);
  }

  on<T extends EventType>(type: T, handler: DirectHandler<T>): this {
    this.table.add(type, (event) => {
      if (!isEventOf(event, type)) throw new Error(`${event.type} reached the handler of ${type}`);
      return handler(event.data, event);
    });
    return this;
  }

  subscription(): Subscription {
    const { consumer } = this.table;
    return {
      consumer,
      events: this.table.events(),
      ...this.options,
      handle: (event) => this.table.of(event)(event),
    };
  }
}
