import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { eventSchemas, type EventEnvelope } from '@salon/contracts';
import { messagingMigrations } from '@salon/messaging';
import { newId, selectRows, type Db, type Executor, type Migration } from '@salon/service-kit';

/**
 * A numbered test event and its effect table, for proving delivery counts through the real outbox, broker and
 * inbox (libs/messaging's tests, the broker-cluster fault suite): every effect row is one applied event.
 */
export const COUNTED_SCHEMA = 'msgtest';
export const COUNTED = 'test.widget.counted.v1';

/** The platform's registry plus the test event: the transports and the store are registry-agnostic. */
const countedData = z.object({ n: z.number().int() });
export const countedSchemas = { ...eventSchemas, [COUNTED]: countedData };

export const countedMigrations: Migration[] = [
  ...messagingMigrations(COUNTED_SCHEMA),
  // No uniqueness on event_id on purpose: only the inbox may prevent a second effect.
  {
    name: '0001_effects',
    sql: `CREATE TABLE ${COUNTED_SCHEMA}.effects (
      id bigserial PRIMARY KEY, consumer text NOT NULL, event_id text NOT NULL, n int NOT NULL);`,
  },
];

export function counted(n: number, type = COUNTED): EventEnvelope<{ n: number }> {
  const id = newId();
  return {
    id,
    type,
    occurred_at: new Date().toISOString(),
    tenant_id: null,
    producer: 'test',
    correlation_id: id,
    causation_id: null,
    data: { n },
  };
}

/** Records the effect of one event for one consumer (in the consumer's inbox transaction). */
export async function applyCountedEffect(
  tx: Executor,
  consumer: string,
  event: EventEnvelope,
): Promise<void> {
  const { n } = countedData.parse(event.data);
  await tx.execute(
    sql`INSERT INTO msgtest.effects (consumer, event_id, n) VALUES (${consumer}, ${event.id}, ${n})`,
  );
}

/** Effect rows of a consumer: `total` above `distinct` means an event was applied twice. */
export async function countedEffectStats(
  db: Db,
  consumer: string,
): Promise<{ total: number; distinct: number }> {
  const [row] = await selectRows<{ total: string; distinct: string }>(
    db.orm,
    sql`SELECT count(*) AS total, count(DISTINCT event_id) AS distinct FROM msgtest.effects WHERE consumer = ${consumer}`,
  );
  return { total: Number(row!.total), distinct: Number(row!.distinct) };
}
