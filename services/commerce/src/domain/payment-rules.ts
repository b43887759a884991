import Big from 'big.js';
import { formatMoney, money, type MoneyInput } from '@salon/service-kit';
import type { InvoiceRow } from '../db/invoice.repository';

export interface AppointmentCharge {
  wallet_applied: string;
  /** The base left after the wallet: what the fee is computed on. */
  base_after_wallet: string;
  platform_fee: string;
  /** What the customer pays at the provider: base after wallet + fee. */
  total: string;
}

/**
 * Spec rules 2–3: the wallet applies first (min(balance, base)), then the plan's fee percent of what is left,
 * rounded half up to two decimals; the customer pays base + fee.
 */
export function appointmentCharge(
  base: MoneyInput,
  walletBalance: MoneyInput,
  feePercent: number,
): AppointmentCharge {
  const baseAmount = money(base);
  const balance = money(walletBalance);
  const applied = balance.lt(baseAmount) ? (balance.lt(0) ? new Big(0) : balance) : baseAmount;
  const rest = baseAmount.minus(applied);
  const fee = rest.times(feePercent).div(100).round(2, Big.roundHalfUp);
  return {
    wallet_applied: formatMoney(applied),
    base_after_wallet: formatMoney(rest),
    platform_fee: formatMoney(fee),
    total: formatMoney(rest.plus(fee)),
  };
}

/** The wallet part an invoice recorded as applied before the provider payment ("0.00" when none). */
export const walletAppliedOf = (invoice: Pick<InvoiceRow, 'metadata'>): string =>
  formatMoney(money(String(invoice.metadata.wallet_applied ?? '0')));

/** Everything the customer paid with one payment: what it took plus the wallet part applied with it. */
export const paidInAll = (amount: string, walletApplied: string | null): string =>
  formatMoney(money(amount).plus(walletApplied ?? 0));
