import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createPostgresDb, runMigrations, type Db, type Migration } from '@salon/service-kit';
import { testDatabaseUrl } from './infrastructure';
import { creationStamp } from './leftovers';

export interface TestDatabase {
  url: string;
  db: Db;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database for one test file. */
export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  // Stamped with its creation time, so a later run can drop it if this one is killed before `drop()`.
  const name = `t${creationStamp()}_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = withDatabase(testDatabaseUrl(), name);
  const db = createPostgresDb({ url, poolSize: 10, applicationName: name });
  return {
    url,
    db,
    async drop() {
      await db.close();
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** A fresh database with a service schema migrated. */
export async function createMigratedDatabase(schema: string, migrations: Migration[]): Promise<TestDatabase> {
  const database = await createTestDatabase(schema);
  await runMigrations(database.db, schema, migrations);
  return database;
}

async function adminQuery(text: string): Promise<void> {
  const client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
