import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './database';

export interface Migration {
  /** Unique within the schema, applied in the order given, e.g. `0001_init` or `messaging_0001`. */
  name: string;
  sql: string;
}

/** Reads `NNNN_name.sql` files of a folder, sorted by name. */
export function loadMigrationDir(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: readFileSync(join(dir, file), 'utf8') }));
}

/**
 * Applies the pending migrations of one schema in a single transaction under an advisory lock, so two
 * replicas starting together never migrate at once: the second waits and then finds nothing to do.
 */
export async function runMigrations(db: Db, schema: string, migrations: Migration[]): Promise<string[]> {
  assertIdentifier(schema);
  return db.withRawTx(async (session) => {
    await session.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`migrate:${schema}`]);
    await session.exec(
      `CREATE SCHEMA IF NOT EXISTS "${schema}";
       CREATE TABLE IF NOT EXISTS "${schema}"._migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       );`,
    );
    const applied = new Set(
      (await session.query<{ name: string }>(`SELECT name FROM "${schema}"._migrations`)).map(
        (row) => row.name,
      ),
    );
    const pending = migrations.filter((migration) => !applied.has(migration.name));
    for (const migration of pending) {
      await session.exec(migration.sql);
      await session.query(`INSERT INTO "${schema}"._migrations (name) VALUES ($1)`, [migration.name]);
    }
    return pending.map((migration) => migration.name);
  });
}

export function assertIdentifier(name: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a safe SQL identifier: ${name}`);
}
