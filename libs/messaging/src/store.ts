import { sql } from 'drizzle-orm';
import { eventSchemas, type EventEnvelope, type EventSchemas } from '@salon/contracts';
import { assertIdentifier, selectRows, type Db, type Executor } from '@salon/service-kit';
import type { DelayTarget } from './bus';
import { parseEnvelope } from './delivery';

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

  /** Adds events to the outbox inside the caller's transaction; validates each against its contract. */
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
  }

  /**
   * Wraps a handler so that it runs once per event and consumer: the inbox row and the handler's writes
   * commit together; a duplicate delivery finds the row and does nothing.
   */
  inboxed(consumer: string, handler: (event: EventEnvelope, tx: Executor) => Promise<void>) {
    return (event: EventEnvelope) =>
      this.db.withTx(async (tx) => {
        const fresh = await selectRows(
          tx,
          sql`INSERT INTO ${sql.identifier(this.schema)}.inbox (consumer, event_id) VALUES (${consumer}, ${event.id})
              ON CONFLICT DO NOTHING RETURNING event_id`,
        );
        if (fresh.length === 0) return;
        await handler(event, tx);
      });
  }

  /** Forgets inbox rows older than the broker could still redeliver (run by a periodic job). */
  async purgeInbox(olderThanDays: number): Promise<number> {
    const rows = await selectRows(
      this.db.orm,
      sql`DELETE FROM ${sql.identifier(this.schema)}.inbox
          WHERE processed_at < now() - make_interval(days => ${olderThanDays}) RETURNING 1`,
    );
    return rows.length;
  }
}
