import type { Executor } from '@salon/service-kit';
import { countActiveOutlets } from '../db/outlet.repository';
import { lockTenantRow } from '../db/tenant.repository';
import type { IdentityDeps } from './deps';

/** Active outlets are counted under the tenant's row lock, so two creations cannot both pass the limit. */
export async function lockTenantAndAssertRoom(
  deps: IdentityDeps,
  tx: Executor,
  tenantId: string,
): Promise<void> {
  await lockTenantRow(tx, tenantId);
  await deps.plans.assertWithinLimit(tx, tenantId, 'max_outlets', await countActiveOutlets(tx, tenantId));
}
