import { MessagingStore } from '@salon/messaging';
import { createMigratedDatabase, type TestDatabase } from '@salon/testing';
import { SCHEMA, applyEffect, counted, effectStats, migrations, testSchemas } from './fixtures';

describe('inbox', () => {
  let database: TestDatabase;
  let store: MessagingStore;

  beforeAll(async () => {
    database = await createMigratedDatabase(SCHEMA, migrations);
    store = new MessagingStore(database.db, SCHEMA, testSchemas);
  });
  afterAll(() => database.drop());

  it('applies concurrent deliveries in shared transactions, once each, and isolates a failing one', async () => {
    const consumer = 'inbox.batch';
    const events = Array.from({ length: 250 }, (_, n) => counted(n));
    const poisoned = events[17]!;
    const apply = store.inboxed(consumer, async (event, tx) => {
      if (event.id === poisoned.id) throw new Error('poisoned');
      await applyEffect(tx, consumer, event);
    });

    // Every event delivered twice at once, as a redelivery racing the original would be.
    const outcomes = await Promise.allSettled([...events, ...events].map((event) => apply(event)));

    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(failed).toHaveLength(2);
    expect(await effectStats(database.db, consumer)).toEqual({ total: 249, distinct: 249 });

    // The failed event left no inbox row behind, so its retry is applied.
    const retry = store.inboxed(consumer, (event, tx) => applyEffect(tx, consumer, event));
    await retry(poisoned);
    await retry(poisoned);
    expect(await effectStats(database.db, consumer)).toEqual({ total: 250, distinct: 250 });
  });
});
