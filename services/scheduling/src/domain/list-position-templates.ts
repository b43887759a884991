import { tenantIn, type RequestContext } from '@salon/service-kit';
import type { SchedulingDeps } from './deps';
import { tenantSettings } from './tenant-settings';

/** GET /staff/positions/templates: the tenant's position names, identity's defaults until it has its own. */
export async function listPositionTemplates(deps: SchedulingDeps, ctx: RequestContext): Promise<string[]> {
  return (await tenantSettings(deps.db.orm, tenantIn(ctx))).positionTemplates;
}
