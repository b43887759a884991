import { isUnlimited } from '@salon/contracts';
import { tenantIn, type RequestContext } from '@salon/service-kit';
import { countLivePackages } from '../db/package.repository';
import type { CommerceDeps } from './deps';

export interface PackageLimits {
  packages_enabled: boolean;
  max_packages: number;
  current_packages: number;
  remaining_packages: number;
  max_package_items: number;
  limit_reached: boolean;
}

/** GET /packages/limits: the plan's package limits and how many the tenant uses (-1: unlimited). */
export async function packageLimits(deps: CommerceDeps, ctx: RequestContext): Promise<PackageLimits> {
  const tenantId = tenantIn(ctx);
  const executor = deps.db.orm;
  const { limits, status } = await deps.plans.planOf(executor, tenantId);
  const current = await countLivePackages(executor, tenantId);
  const max = limits.max_packages;
  const unlimited = isUnlimited(max);
  return {
    packages_enabled: max !== 0 && status !== 'suspended',
    max_packages: max,
    current_packages: current,
    remaining_packages: unlimited ? -1 : Math.max(0, max - current),
    max_package_items: limits.max_package_items,
    limit_reached: !unlimited && current >= max,
  };
}
