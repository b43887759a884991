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
    // Nothing pending: no DDL at all, so a process connected as the runtime role (DML only, see
    // grantRuntimeRole) starts once the migration Job has run.
    const [table] = await session.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [
      `"${schema}"._migrations`,
    ]);
    if (table?.exists) {
      const done = new Set(
        (await session.query<{ name: string }>(`SELECT name FROM "${schema}"._migrations`)).map(
          (r) => r.name,
        ),
      );
      if (migrations.every((migration) => done.has(migration.name))) return [];
    }
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

/**
 * Lets `role` read and write the schema's tables and nothing more (no CREATE, ALTER, DROP or TRUNCATE): what
 * the migration Job grants the role the services run as (DATABASE_RUNTIME_ROLE), tables created later
 * included (default privileges of the migrating role).
 */
export async function grantRuntimeRole(db: Db, schema: string, role: string): Promise<void> {
  assertIdentifier(schema);
  assertIdentifier(role);
  await db.withRawTx((session) =>
    session.exec(
      `GRANT USAGE ON SCHEMA "${schema}" TO "${role}";
       GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${schema}" TO "${role}";
       GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA "${schema}" TO "${role}";
       ALTER DEFAULT PRIVILEGES IN SCHEMA "${schema}" GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO "${role}";
       ALTER DEFAULT PRIVILEGES IN SCHEMA "${schema}" GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO "${role}";`,
    ),
  );
}

export function assertIdentifier(name: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a safe SQL identifier: ${name}`);
}
