import { badRequest, formatMoney, notFound } from '@salon/service-kit';
import { findCustomer, findTenant } from '../db/replica.repository';
import { lockWallet, moveWallet, recentTransactions, walletBalance } from '../db/wallet.repository';
import type { CommerceDeps } from './deps';

async function enabledTenant(deps: CommerceDeps, tenantId: string) {
  const tenant = await findTenant(deps.db.orm, tenantId);
  if (!tenant?.wallet_enabled) throw badRequest('Wallet is not enabled for this tenant');
  return tenant;
}

/** GET /customer/wallet: balance and the 20 most recent transactions. */
export async function customerWallet(deps: CommerceDeps, tenantId: string, customerId: string) {
  const tenant = await enabledTenant(deps, tenantId);
  const wallet = await walletBalance(deps.db.orm, tenantId, customerId);
  return {
    customer_id: customerId,
    balance: wallet?.balance ?? '0.00',
    currency: wallet?.currency ?? tenant.currency,
    transactions: await recentTransactions(deps.db.orm, tenantId, customerId),
  };
}

/** POST /customers/{customer_id}/wallet/credits (TENANT_ADMIN). */
export async function creditWallet(
  deps: CommerceDeps,
  tenantId: string,
  customerId: string,
  input: { amount: string; reason: string },
  by: string,
) {
  const tenant = await enabledTenant(deps, tenantId);
  if (!(await findCustomer(deps.db.orm, tenantId, customerId))) throw notFound('Customer not found');
  const balance = await deps.db.withTx(async (tx) => {
    await lockWallet(tx, tenantId, customerId, tenant.currency);
    return moveWallet(tx, tenantId, customerId, {
      amount: formatMoney(input.amount),
      kind: 'credit',
      reason: input.reason,
      reference: null,
      by,
    });
  });
  return { customer_id: customerId, balance, currency: tenant.currency, credited: formatMoney(input.amount) };
}
