import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from './database';

/** A jsonb column's value: `value` as JSON. */
export const jsonb = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;

/** A timestamptz column's value from ISO 8601 text. */
export const timestamptz = (value: string): SQL => sql`${value}::timestamptz`;

/** `schema.table` or `column` as quoted identifiers. */
const identifier = (name: string): SQL =>
  sql.join(
    name.split('.').map((part) => sql.identifier(part)),
    sql.raw('.'),
  );

export interface UpsertNewerOptions<Column extends string = string> {
  /** Columns written when the row is inserted and never replaced (what a snapshot cannot move). */
  insertOnly?: readonly Column[];
  /** A snapshot of the version already held replaces it too (the default keeps the held one). */
  replaceSameVersion?: boolean;
}

/**
 * The one "newest version wins" upsert of a replica: inserts the snapshot, or replaces the row held under the
 * same `key` only when the held `version` is older, so out-of-order and repeated events are harmless.
 * `table` is `<schema>.<table>`, `key` its primary key column; `row` maps every column to its value (an SQL
 * fragment where the value needs a cast: `jsonb(…)`, `timestamptz(…)`) and has a `version`. True when the
 * snapshot was applied.
 */
export async function upsertNewer<Row extends { version: number }>(
  tx: Executor,
  table: `${string}.${string}`,
  key: keyof Row & string,
  row: Row,
  options: UpsertNewerOptions<keyof Row & string> = {},
): Promise<boolean> {
  const values: Record<string, unknown> = row;
  const columns = Object.keys(values);
  const insertOnly: readonly string[] = options.insertOnly ?? [];
  const replaced = columns.filter((column) => column !== key && !insertOnly.includes(column));
  const newer = options.replaceSameVersion ? sql.raw('<=') : sql.raw('<');
  const applied = await selectRows(
    tx,
    sql`INSERT INTO ${identifier(table)} (${sql.join(columns.map(identifier), sql.raw(', '))})
        VALUES (${sql.join(
          columns.map((column) => sql`${values[column]}`),
          sql.raw(', '),
        )})
        ON CONFLICT (${identifier(key)}) DO UPDATE SET ${sql.join(
          replaced.map((column) => sql`${identifier(column)} = EXCLUDED.${identifier(column)}`),
          sql.raw(', '),
        )}
        WHERE ${identifier(table)}.version ${newer} EXCLUDED.version
        RETURNING 1`,
  );
  return applied.length > 0;
}
