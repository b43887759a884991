/**
 * GET /services search on a 5,000-service tenant (among 50,000 services of other tenants), straight on the
 * repository: no HTTP, no gateway. Prints p50/p95 per query shape.
 *
 *   npx tsx services/catalog/bench/search.bench.ts            # local PostgreSQL (TEST_DATABASE_URL)
 *   npx tsx services/catalog/bench/search.bench.ts --pglite   # embedded PGlite (pg_trgm loaded)
 *   add --keep to keep the PostgreSQL database for EXPLAIN ANALYZE
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { messagingMigrations } from '@salon/messaging';
import {
  createPgliteDb,
  newId,
  openEmbeddedPostgres,
  runMigrations,
  type Db,
  type Executor,
} from '@salon/service-kit';
import { createTestDatabase } from '@salon/testing';
import { catalogService } from '../src/definition';
import { listServices, type ServiceFilters } from '../src/db/service.repository';

const TENANT_SERVICES = 5_000;
const OTHER_TENANTS = 20;
const OTHER_SERVICES_EACH = 2_500;
const RUNS = 50;

async function seed(orm: Executor, tenantId: string, count: number): Promise<void> {
  await orm.execute(sql`
    INSERT INTO catalog.services (id, tenant_id, name, slug, description, category, duration_minutes,
                                  base_price, currency, tags, status, is_active, outlet_prices)
    SELECT substr(md5(${tenantId} || g), 1, 24), ${tenantId},
           (ARRAY['Classic', 'Deluxe', 'Express', 'Signature', 'Organic'])[1 + g % 5] || ' ' ||
           (ARRAY['Haircut', 'Colour', 'Massage', 'Facial', 'Manicure', 'Pedicure', 'Waxing'])[1 + g % 7] || ' ' || g,
           'svc-' || g,
           'Treatment ' || md5(g::text) || ' with care',
           (ARRAY['hair_cut', 'hair_color', 'massage', 'facial', 'manicure', 'pedicure', 'waxing'])[1 + g % 7],
           5 * (1 + g % 96), (g % 1000) * 1000, 'IDR',
           jsonb_build_array('tag' || (g % 50), 'popular'),
           CASE WHEN g % 10 = 0 THEN 'inactive' ELSE 'active' END, g % 17 <> 0,
           CASE WHEN g % 3 = 0 THEN jsonb_build_object(${'aaaaaaaaaaaaaaaaaaaaaaaa'}::text, '100.00') ELSE '{}'::jsonb END
    FROM generate_series(1, ${count}) AS g`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

let keptTenant = '';

async function main(): Promise<void> {
  const usePglite = process.argv.includes('--pglite');
  let db: Db;
  let cleanup: () => Promise<void>;
  if (usePglite) {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
    const pglite = await openEmbeddedPostgres(dir);
    db = await createPgliteDb(pglite);
    cleanup = async () => {
      await pglite.close();
      rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const database = await createTestDatabase('catalog_bench');
    db = database.db;
    cleanup = async () => {
      if (!process.argv.includes('--keep')) return database.drop();
      console.log(`kept ${database.url} (tenant ${keptTenant})`);
      await db.close();
    };
  }
  try {
    await runMigrations(db, 'catalog', [...messagingMigrations('catalog'), ...catalogService.migrations]);
    const tenantId = newId();
    keptTenant = tenantId;
    await seed(db.orm, tenantId, TENANT_SERVICES);
    for (let index = 0; index < OTHER_TENANTS; index += 1) await seed(db.orm, newId(), OTHER_SERVICES_EACH);
    await db.orm.execute(sql`ANALYZE catalog.services`);

    const shapes: [string, Omit<ServiceFilters, 'bookableOnly'> & { customer?: boolean; page?: number }][] = [
      ['first page, staff', {}],
      ['first page, customer', { customer: true }],
      ['page 200 (offset 3980)', { page: 200 }],
      ['search "massage"', { search: 'massage' }],
      ['search rare word (description)', { search: 'a1b2' }],
      ['search tag "tag7"', { search: 'tag7' }],
      ['search 2 letters "de"', { search: 'de' }],
      ['category + price range', { category: 'massage', minPrice: '100000', maxPrice: '500000' }],
      ['duration range', { minDuration: 30, maxDuration: 90 }],
      ['customer search + category', { customer: true, search: 'deluxe', category: 'facial' }],
    ];
    console.log(
      `${usePglite ? 'PGlite' : 'PostgreSQL'}: ${TENANT_SERVICES} services in the tenant, ${
        OTHER_TENANTS * OTHER_SERVICES_EACH
      } in others; ${RUNS} runs each (list + count)`,
    );
    for (const [label, { customer = false, page = 1, ...filters }] of shapes) {
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const started = process.hrtime.bigint();
        const result = await listServices(
          db.orm,
          tenantId,
          { ...filters, bookableOnly: customer },
          {
            offset: (page - 1) * 20,
            limit: 20,
          },
        );
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
        total = result.total;
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(34)} total ${String(total).padStart(5)}  p50 ${percentile(times, 0.5).toFixed(2)} ms  p95 ${percentile(times, 0.95).toFixed(2)} ms`,
      );
    }
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
