import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';

/**
 * Opens (or creates) the embedded PostgreSQL that holds every service's schema in embedded mode, with the
 * contrib extensions the services' migrations create (pg_trgm: catalog's service search; btree_gist:
 * scheduling's exclusion constraint against overlapping appointments).
 */
export async function openEmbeddedPostgres(dataDir: string): Promise<PGlite> {
  mkdirSync(dataDir, { recursive: true });
  // A dynamic import: the contrib entry points are typed as ES modules only.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const pglite = new PGlite(dataDir, { extensions: { pg_trgm, btree_gist } });
  await pglite.waitReady;
  return pglite;
}
