import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './db/database';
import { selectRows } from './db/database';
import { assertIdentifier } from './db/migrate';
import { intQuery } from './zod-helpers';
import { getOrCreateCounter } from './metrics';

/** One table whose rows are deleted once their time column is older than the retention period. */
export interface RetentionTable {
  schema: string;
  table: string;
  /** When the row was written or finished: rows with it older than `days` go. */
  timeColumn: string;
  days: number;
  /** Rows that must stay whatever their age (a callback not yet applied): only rows matching this may go. */
  onlyWhere?: SQL;
}

/** A retention period in days from the environment: at least one day, so a typo cannot empty a table. */
export const retentionDays = (defaultDays: number) =>
  intQuery.pipe(z.int().min(1).max(36_500)).default(defaultDays);

/**
 * Rows per DELETE. Each batch is its own short transaction, so the row locks it takes are held for
 * milliseconds and autovacuum can follow; a whole period deleted in one statement would lock and bloat.
 */
export const RETENTION_BATCH_SIZE = 1000;

export const retentionRowsDeleted = () =>
  getOrCreateCounter({
    name: 'retention_rows_deleted_total',
    help: 'Rows deleted by the retention job because they were older than their retention period, by table',
    labelNames: ['table'] as const,
  });

/**
 * Deletes the rows of one table older than its period, `batchSize` at a time until a batch comes back short.
 * The cutoff is fixed once, from the database's clock (the one that wrote the time column), so rows that
 * age past it while the job runs wait for tomorrow's run instead of keeping the loop going.
 */
export async function pruneTable(
  db: Db,
  target: RetentionTable,
  batchSize = RETENTION_BATCH_SIZE,
): Promise<number> {
  assertIdentifier(target.schema);
  assertIdentifier(target.table);
  assertIdentifier(target.timeColumn);
  const table = sql`${sql.identifier(target.schema)}.${sql.identifier(target.table)}`;
  const time = sql.identifier(target.timeColumn);
  const [{ cutoff }] = (await selectRows<{ cutoff: string }>(
    db.orm,
    sql`SELECT (now() - make_interval(days => ${target.days}))::text AS cutoff`,
  )) as [{ cutoff: string }];
  const matches = target.onlyWhere === undefined ? sql`` : sql` AND (${target.onlyWhere})`;
  const counter = retentionRowsDeleted().labels(`${target.schema}.${target.table}`);
  let deleted = 0;
  for (;;) {
    // By ctid, so any table works whatever its key; SKIP LOCKED leaves rows another transaction holds to the
    // next run instead of waiting on them.
    const rows = await selectRows(
      db.orm,
      sql`DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
            SELECT ctid FROM ${table} WHERE ${time} < ${cutoff}::timestamptz${matches}
            LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)) RETURNING 1`,
    );
    deleted += rows.length;
    counter.inc(rows.length);
    if (rows.length < batchSize) return deleted;
  }
}

/** Prunes each table in turn; answers the rows removed per table name. */
export async function pruneTables(
  db: Db,
  targets: readonly RetentionTable[],
  batchSize = RETENTION_BATCH_SIZE,
): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const target of targets) deleted[target.table] = await pruneTable(db, target, batchSize);
  return deleted;
}
