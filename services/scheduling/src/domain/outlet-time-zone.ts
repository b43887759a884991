import type { Executor } from '@salon/service-kit';
import { findTenantAndOutlet, type OutletView, type TenantSettingsView } from '../db/replica.repository';
import { settingsOf } from './tenant-settings';

/*
 * The time zone of everything local to one outlet (issue 18 item 3; docs/decisions.md "Outlet time zones"):
 * working hours, the grid, booking times and their UTC instants, "today". An outlet may have its own IANA
 * zone; identity gives every outlet one (the tenant's at creation), but the replica may not have arrived yet,
 * so the tenant's zone (or identity's default) stands in. An empty zone is treated as none.
 */

export const outletTimeZone = (
  outlet: Pick<OutletView, 'timezone'> | null | undefined,
  tenant: TenantSettingsView | null | undefined,
): string => outlet?.timezone || settingsOf(tenant).timezone;

/** `outletTimeZone` for a use case that holds only the outlet's id. */
export async function findOutletTimeZone(
  executor: Executor,
  tenantId: string,
  outletId: string,
): Promise<string> {
  const { tenant, outlet } = await findTenantAndOutlet(executor, tenantId, outletId);
  return outletTimeZone(outlet, tenant);
}
