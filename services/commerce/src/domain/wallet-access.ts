import { badRequest, type Executor } from '@salon/service-kit';
import { findTenant, type TenantReplica } from '../db/replica.repository';

/** The tenant, when its settings enable the wallet (400 otherwise). */
export async function walletTenant(executor: Executor, tenantId: string): Promise<TenantReplica> {
  const tenant = await findTenant(executor, tenantId);
  if (!tenant?.wallet_enabled) throw badRequest('Wallet is not enabled for this tenant');
  return tenant;
}
