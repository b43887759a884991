import { tenantIn, type RequestContext } from '@salon/service-kit';
import { recentTransactions, walletBalance, type WalletTransactionRow } from '../db/wallet.repository';
import { customerIn } from './callers';
import type { CommerceDeps } from './deps';
import { walletTenant } from './wallet-access';

export interface Wallet {
  customerId: string;
  balance: string;
  currency: string;
  transactions: WalletTransactionRow[];
}

/** GET /customer/wallet: balance and the 20 most recent transactions. */
export async function getWallet(deps: CommerceDeps, ctx: RequestContext): Promise<Wallet> {
  const tenantId = tenantIn(ctx);
  const customerId = customerIn(ctx);
  const tenant = await walletTenant(deps.db.orm, tenantId);
  const wallet = await walletBalance(deps.db.orm, tenantId, customerId);
  return {
    customerId,
    balance: wallet?.balance ?? '0.00',
    currency: wallet?.currency ?? tenant.currency,
    transactions: await recentTransactions(deps.db.orm, tenantId, customerId),
  };
}
