import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';

/** Opens (or creates) the embedded PostgreSQL that holds every service's schema in embedded mode. */
export async function openEmbeddedPostgres(dataDir: string): Promise<PGlite> {
  mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir);
  await pglite.waitReady;
  return pglite;
}
