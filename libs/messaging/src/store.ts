import { sql } from 'drizzle-orm';
import { eventSchemas, type EventEnvelope, type EventSchemas } from '@salon/contracts';
import { afterCommit, assertIdentifier, selectRows, type Db, type Executor } from '@salon/service-kit';
import type { DelayTarget } from './bus';
import { parseEnvelope } from './delivery';
import { MicroBatcher, type Outcome } from './micro-batcher';
import { outboxCommitted } from './outbox-signal';

export interface EnqueueOptions {
  /** Publish through the delay ladder so it is delivered at this time. */
  deliverAt?: Date;
  target?: DelayTarget;
}

/**
 * The database side of messaging for one service schema: the transactional outbox (events commit with the
 * business change) and the inbox (an event's effect commits with its `(consumer, event id)` row, so a
 * redelivery is a no-op).
 */
export class MessagingStore {
  private readonly schemas: EventSchemas;

  constructor(
    readonly db: Db,
    readonly schema: string,
    schemas?: EventSchemas,
  ) {
    assertIdentifier(schema);
    this.schemas = schemas ?? eventSchemas;
  }

  /**
   * Adds events to the outbox inside the caller's transaction; validates each against its contract. This
   * process's relays are woken once the transaction commits.
   */
  async enqueue(tx: Executor, envelopes: EventEnvelope[], options: EnqueueOptions = {}): Promise<void> {
    if (envelopes.length === 0) return;
    const rows = envelopes.map((envelope) => {
      const valid = parseEnvelope(this.schemas, envelope);
      return sql`(${valid.id}, ${valid.type}, ${JSON.stringify(valid)}::jsonb, ${
        options.deliverAt?.toISOString() ?? null
      }::timestamptz, ${options.target ? JSON.stringify(options.target) : null})`;
    });
    await tx.execute(
      sql`INSERT INTO ${sql.identifier(this.schema)}.outbox (event_id, event_type, envelope, deliver_at, delay_target)
          VALUES ${sql.join(rows, sql`, `)}`,
    );
    afterCommit(tx, () => outboxCommitted(this.db, this.schema));
  }

  /**
   * Wraps a handler so that it runs once per event and consumer: the inbox row and the handler's writes
   * commit together; a duplicate delivery finds the row and does nothing. Deliveries arriving within
   * `maxWaitMs` share one transaction (one commit instead of one per event). If any handler in a batch
   * throws, the batch is rolled back and each event is applied alone, so only the failing one is retried.
   * Resolves true for the one delivery whose handler run committed, false for a duplicate.
   */
  inboxed(
    consumer: string,
    handler: (event: EventEnvelope, tx: Executor) => Promise<void>,
    options: { maxBatch?: number; maxWaitMs?: number } = {},
  ): (event: EventEnvelope) => Promise<boolean> {
    const batcher = new MicroBatcher<EventEnvelope, boolean>(
      (events) => this.applyOnce(consumer, handler, events),
      options.maxBatch ?? 100,
      options.maxWaitMs ?? 2,
    );
    return (event) => batcher.add(event);
  }

  private async applyOnce(
    consumer: string,
    handler: (event: EventEnvelope, tx: Executor) => Promise<void>,
    events: EventEnvelope[],
  ): Promise<Array<Outcome<boolean>>> {
    const applied = events.map(() => false);
    try {
      await this.db.withTx(async (tx) => {
        const ids = `{${events.map((event) => event.id).join(',')}}`;
        const fresh = new Set(
          (
            await selectRows<{ event_id: string }>(
              tx,
              sql`INSERT INTO ${sql.identifier(this.schema)}.inbox (consumer, event_id)
                  SELECT ${consumer}, unnest(${ids}::text[]) ON CONFLICT DO NOTHING RETURNING event_id`,
            )
          ).map((row) => row.event_id),
        );
        for (const [index, event] of events.entries()) {
          if (!fresh.delete(event.id)) continue; // handled before, or twice in this batch
          await handler(event, tx);
          applied[index] = true;
        }
      });
      return applied.map((value) => ({ value }));
    } catch (error) {
      if (events.length === 1) return [{ error: error ?? new Error('handler failed') }];
      return Promise.all(events.map(async (event) => (await this.applyOnce(consumer, handler, [event]))[0]!));
    }
  }
}
