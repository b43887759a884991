import { sql } from 'drizzle-orm';
import {
  jsonb,
  selectRows,
  timestamptz,
  upsertNewer,
  type Db,
  type UpsertNewerOptions,
} from '@salon/service-kit';
import { createTestDatabase, type TestDatabase } from '@salon/testing';

interface Row {
  item_id: string;
  tenant_id: string;
  name: string;
  tags: string[];
  version: number;
  updated_at: string;
}

const TABLE = `
  CREATE SCHEMA shop;
  CREATE TABLE shop.items (item_id text PRIMARY KEY, tenant_id text NOT NULL, name text NOT NULL,
    tags jsonb NOT NULL, version int NOT NULL, updated_at timestamptz NOT NULL);`;

const snapshot = (version: number, name: string, tenantId = 't1'): Row => ({
  item_id: 'i1',
  tenant_id: tenantId,
  name,
  tags: [name],
  version,
  updated_at: `2026-01-1${version}T10:00:00.000Z`,
});

const apply = (db: Db, row: Row, options?: UpsertNewerOptions<keyof Row>) =>
  db.withTx((tx) =>
    upsertNewer(
      tx,
      'shop.items',
      'item_id',
      { ...row, tags: jsonb(row.tags), updated_at: timestamptz(row.updated_at) },
      options,
    ),
  );

const held = async (db: Db) =>
  (
    await selectRows<Row>(
      db.orm,
      sql`SELECT item_id, tenant_id, name, tags, version,
            to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
          FROM shop.items`,
    )
  )[0];

/** On real PostgreSQL; the embedded test runs the services' replicas on PGlite (which jest cannot load). */
describe('upsertNewer', () => {
  let database: TestDatabase;
  let db: Db;
  beforeEach(async () => {
    database = await createTestDatabase('replica_upsert');
    db = database.db;
    await db.orm.execute(sql.raw(TABLE));
  });
  afterEach(() => database.drop());

  it('inserts, then keeps only newer versions: older and repeated snapshots change nothing', async () => {
    expect(await apply(db, snapshot(2, 'two'))).toBe(true);
    expect(await apply(db, snapshot(1, 'one'))).toBe(false);
    expect(await apply(db, snapshot(2, 'again'))).toBe(false);
    expect(await held(db)).toEqual(snapshot(2, 'two'));
    expect(await apply(db, snapshot(3, 'three', 't2'))).toBe(true);
    expect(await held(db)).toEqual(snapshot(3, 'three', 't2'));
  });

  it('leaves insert-only columns as inserted, and takes the same version when told to', async () => {
    await apply(db, snapshot(1, 'one'));
    const options = { insertOnly: ['tenant_id'], replaceSameVersion: true } as const;
    expect(await apply(db, snapshot(1, 'same', 't2'), options)).toBe(true);
    expect(await held(db)).toEqual(snapshot(1, 'same'));
    expect(await apply(db, snapshot(0, 'older'), options)).toBe(false);
  });
});
