import Big from 'big.js';
import { formatMoney, money, sumMoney, type MoneyInput } from '@salon/service-kit';

export interface PricedItem {
  quantity: number;
  unit_price: MoneyInput;
}

export interface PackageMetrics {
  total_individual_price: string;
  discount_amount: string;
  discount_percentage: number;
}

/** Sum of quantity × unit_price over the items. */
export const individualTotal = (items: readonly PricedItem[]): Big =>
  sumMoney(items.map((item) => money(item.unit_price).times(item.quantity)));

/**
 * The spec's read-only metrics: total_individual_price, discount_amount = total − price and
 * discount_percentage = (total − price) / total × 100, rounded half up to two decimals (0 when total is 0).
 */
export function packageMetrics(items: readonly PricedItem[], packagePrice: MoneyInput): PackageMetrics {
  const total = individualTotal(items);
  const discount = total.minus(money(packagePrice));
  const percentage = total.eq(0) ? new Big(0) : discount.times(100).div(total).round(2, Big.roundHalfUp);
  return {
    total_individual_price: formatMoney(total),
    discount_amount: formatMoney(discount),
    discount_percentage: Number(percentage.toFixed(2)),
  };
}

/** package_price must be strictly below the individual total; the reason when it is not. */
export function discountRefusal(items: readonly PricedItem[], packagePrice: MoneyInput): string | undefined {
  const total = individualTotal(items);
  if (money(packagePrice).lt(total)) return undefined;
  return (
    `Package price (${formatMoney(packagePrice)}) must be less than the total individual price ` +
    `(${formatMoney(total)})`
  );
}

/** The first service id that appears twice, if any. */
export function duplicateService(items: readonly { service_id: string }[]): string | undefined {
  const seen = new Set<string>();
  for (const { service_id } of items) {
    if (seen.has(service_id)) return service_id;
    seen.add(service_id);
  }
  return undefined;
}

/** A package is offered at an outlet when its outlet list is empty (every outlet) or names the outlet. */
export const availableAt = (outletIds: readonly string[], outletId: string): boolean =>
  outletIds.length === 0 || outletIds.includes(outletId);
