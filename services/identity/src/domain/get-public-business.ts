import type { RequestContext } from '@salon/service-kit';
import { listOutlets, type OutletRecord } from '../db/outlet.repository';
import type { TenantRecord } from '../db/tenant.repository';
import { activeTenantBySlug } from './customer-access';
import type { IdentityDeps } from './deps';

/** What an outlet list of the public API holds at most (the plans allow far fewer outlets). */
const PUBLIC_OUTLETS_LIMIT = 100;

/**
 * GET /public/tenants/{slug}: the business a customer is about to book with, and its active outlets (oldest
 * first). An unknown or inactive business is a 404; inactive outlets are left out entirely.
 */
export async function getPublicBusiness(
  deps: IdentityDeps,
  _ctx: RequestContext,
  { slug }: { slug: string },
): Promise<{ tenant: TenantRecord; outlets: OutletRecord[] }> {
  const tenant = await activeTenantBySlug(deps.db.orm, slug);
  const { items: outlets } = await listOutlets(deps.db.orm, tenant.id, {
    offset: 0,
    limit: PUBLIC_OUTLETS_LIMIT,
    isActive: true,
    firstIds: [],
  });
  return { tenant, outlets };
}
