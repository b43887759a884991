import { formatMoney, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { findCustomer } from '../db/replica.repository';
import { lockWallet, moveWallet } from '../db/wallet.repository';
import { staffUserIn } from './callers';
import type { CommerceDeps } from './deps';
import { walletTenant } from './wallet-access';

export interface WalletCredit {
  customerId: string;
  balance: string;
  currency: string;
  credited: string;
}

/** POST /customers/{customer_id}/wallet/credits (TENANT_ADMIN): a goodwill credit, recorded with who gave it. */
export async function creditWallet(
  deps: CommerceDeps,
  ctx: RequestContext,
  input: { customerId: string; amount: string; reason: string },
): Promise<WalletCredit> {
  const tenantId = tenantIn(ctx);
  const by = staffUserIn(ctx);
  const tenant = await walletTenant(deps.db.orm, tenantId);
  if (!(await findCustomer(deps.db.orm, tenantId, input.customerId))) throw notFound('Customer not found');
  const credited = formatMoney(input.amount);
  const balance = await deps.db.withTx(async (tx) => {
    await lockWallet(tx, tenantId, input.customerId, tenant.currency);
    return moveWallet(tx, tenantId, input.customerId, {
      amount: credited,
      kind: 'credit',
      reason: input.reason,
      reference: null,
      by,
    });
  });
  return { customerId: input.customerId, balance, currency: tenant.currency, credited };
}
