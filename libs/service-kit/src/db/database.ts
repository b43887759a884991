import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { Client, Pool } from 'pg';
import { transactionWithHooks } from './after-commit';
import { watchPool } from './pool-metrics';

/** A Drizzle handle: the database itself or an open transaction (a transaction is a PgDatabase too). */
export type Executor = PgDatabase<PgQueryResultHKT, Record<string, never>>;

/** A raw session inside one transaction, for multi-statement SQL such as migrations. */
export interface RawSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements at once; takes no parameters. */
  exec(text: string): Promise<void>;
}

export interface Db {
  readonly kind: 'postgres' | 'pglite';
  readonly orm: Executor;
  /** Runs `fn` in one transaction; everything inside must use `tx`, never `db.orm`. */
  withTx<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  withRawTx<T>(fn: (session: RawSession) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on `channel` (its payload, '' when none); resolves to an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The rows of a query, whatever the driver (node-postgres and PGlite both answer `{rows}`). */
export async function selectRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface PostgresOptions {
  url: string;
  poolSize?: number;
  applicationName?: string;
  onError?: (error: Error) => void;
}

export function createPostgresDb(options: PostgresOptions): Db {
  const max = options.poolSize ?? 10;
  const pool = new Pool({
    connectionString: options.url,
    max,
    application_name: options.applicationName,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // A client dying (server restart, pg_terminate_backend) must not crash the process: the pool reports idle
  // ones; a checked-out client between two queries of a transaction emits on itself, and with no listener
  // that 'error' event would be thrown. Its next query fails instead, and the transaction rolls back.
  pool.on('error', (error) => options.onError?.(error));
  pool.on('connect', (client) => client.on('error', (error) => options.onError?.(error)));
  const orm = drizzlePostgres(pool) as unknown as Executor;
  const listeners = new Set<Client>();
  const unwatch = watchPool(options.applicationName ?? 'default', pool, max);

  return {
    kind: 'postgres',
    orm,
    withTx: (fn) => transactionWithHooks(orm, fn),
    async withRawTx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async (text, params) => (await client.query(text, params)).rows,
          exec: async (text) => void (await client.query(text)),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onNotify) {
      const client = new Client({ connectionString: options.url, application_name: options.applicationName });
      client.on('error', (error) => options.onError?.(error));
      client.on('notification', (message) => message.channel === channel && onNotify(message.payload ?? ''));
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => undefined);
      };
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      listeners.clear();
      unwatch();
      await pool.end();
    },
  };
}
