import { sql } from 'drizzle-orm';
import { InProcessBus, InboxConsumer, DirectConsumer, MessagingStore, newEvent } from '@salon/messaging';
import { createMigratedDatabase, waitFor, type TestDatabase } from '@salon/testing';
import { selectRows, newId } from '@salon/service-kit';
import type { EventType } from '@salon/contracts';
import { SCHEMA, logger, migrations } from './fixtures';

const archived = (serviceId: string) =>
  newEvent(
    'catalog.service.archived.v1',
    { service_id: serviceId, tenant_id: newId(), version: 2, archived_at: new Date().toISOString() },
    { producer: 'catalog', tenantId: null },
  );

describe('typed event consumers', () => {
  let database: TestDatabase;
  let store: MessagingStore;

  beforeAll(async () => {
    database = await createMigratedDatabase(SCHEMA, migrations);
    store = new MessagingStore(database.db, SCHEMA);
  });
  afterAll(() => database.drop());

  it('refuses at start-up an event type the registry does not know, or one handled twice', async () => {
    const unknown = 'catalog.service.teleported.v1' as EventType;
    expect(() => new InboxConsumer(store, 'x.unknown').on(unknown, async () => undefined)).toThrow(
      /x\.unknown subscribes to catalog\.service\.teleported\.v1, which the event registry does not know/,
    );
    const twice = new DirectConsumer('x.twice').on('catalog.service.archived.v1', async () => undefined);
    expect(() => twice.on('catalog.service.archived.v1', async () => undefined)).toThrow(/handles .* twice/);
    expect(() => new DirectConsumer('x.none').subscription()).toThrow(/handles no event/);

    // A raw subscription is checked by the bus itself.
    const bus = new InProcessBus({ logger });
    await expect(
      bus.subscribe({ consumer: 'x.raw', events: ['nobody.knows.this.v1'], handle: async () => undefined }),
    ).rejects.toThrow(/unknown event types: nobody\.knows\.this\.v1/);
  });

  it('hands each handler its parsed data once per event, and runs after-commit work only after the commit', async () => {
    const seen: string[] = [];
    const committedWhenRun: number[] = [];
    const consumer = new InboxConsumer(store, 'x.archived').on(
      'catalog.service.archived.v1',
      async (data, ctx) => {
        seen.push(data.service_id);
        await ctx.tx.execute(
          sql`INSERT INTO ${sql.identifier(SCHEMA)}.effects (consumer, event_id, n) VALUES ('x.archived', ${ctx.event.id}, ${data.version})`,
        );
        ctx.afterCommit(async () => {
          const rows = await selectRows<{ n: number }>(
            database.db.orm,
            sql`SELECT count(*)::int AS n FROM ${sql.identifier(SCHEMA)}.effects WHERE event_id = ${ctx.event.id}`,
          );
          committedWhenRun.push(rows[0]!.n);
        });
      },
    );
    const bus = new InProcessBus({ logger });
    await bus.subscribe(consumer.subscription());
    await bus.start();
    const event = archived(newId());
    // Copies delivered at once: the duplicates must neither apply the event nor run its after-commit work.
    await bus.publish([event, event, event, event, event]);
    await waitFor(() => committedWhenRun.length > 0);
    await bus.close();
    expect(committedWhenRun).toEqual([1]);
    expect(seen).toEqual([event.data.service_id]);
  });
});
