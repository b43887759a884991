import type { PGlite } from '@electric-sql/pglite' with { 'resolution-mode': 'import' };
import { mkdirSync } from 'node:fs';
import { transactionWithHooks } from './after-commit';
import type { Db, Executor } from './database';

/*
 * Embedded mode's database. PGlite is an optional dependency, absent from the production images: it (and
 * drizzle's PGlite driver, which loads it) is imported only when these functions run, never when a service
 * loads service-kit.
 */

/** The embedded database's handle (typed from PGlite's ES module, which is what the dynamic imports load). */
export type EmbeddedPostgres = PGlite;

/**
 * Opens (or creates) the embedded PostgreSQL that holds every service's schema in embedded mode, with the
 * contrib extensions the services' migrations create (pg_trgm: catalog's service search; btree_gist:
 * scheduling's exclusion constraint against overlapping appointments).
 */
export async function openEmbeddedPostgres(dataDir: string): Promise<PGlite> {
  mkdirSync(dataDir, { recursive: true });
  // Dynamic imports: the contrib entry points are typed as ES modules only, and see above.
  const { PGlite: PGliteClass } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const pglite = new PGliteClass(dataDir, { extensions: { pg_trgm, btree_gist } });
  await pglite.waitReady;
  return pglite;
}

/**
 * A Db over an embedded PGlite instance. PGlite has a single session: its `transaction()` holds the instance
 * exclusively, so transactions of the services sharing it never interleave. `close` leaves the instance open
 * because the embedded process shares it; its owner closes it.
 */
export async function createPgliteDb(pglite: PGlite): Promise<Db> {
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const orm = drizzlePglite(pglite) as unknown as Executor;
  return {
    kind: 'pglite',
    orm,
    withTx: (fn) => transactionWithHooks(orm, fn),
    withRawTx: (fn) =>
      pglite.transaction((tx) =>
        fn({
          query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
          exec: async (text) => void (await tx.exec(text)),
        }),
      ),
    async listen(channel, onNotify) {
      const unsubscribe = await pglite.listen(channel, (payload) => onNotify(payload));
      return async () => unsubscribe();
    },
    async ping() {
      await pglite.query('SELECT 1');
    },
    async close() {},
  };
}
