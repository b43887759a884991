import type { WalletCredit } from '../domain/credit-wallet';
import type { Wallet } from '../domain/get-wallet';

export const walletView = ({ customerId, balance, currency, transactions }: Wallet) => ({
  customer_id: customerId,
  balance,
  currency,
  transactions,
});

export const walletCreditView = ({ customerId, balance, currency, credited }: WalletCredit) => ({
  customer_id: customerId,
  balance,
  currency,
  credited,
});
