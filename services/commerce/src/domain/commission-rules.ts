import { formatMoney, money, percentOf } from '@salon/service-kit';

/** A staff member's commission rule as the rules read it: percentages (0–100) as decimal strings. */
export interface CommissionRule {
  service_percent: string;
  package_percent: string;
  /** A service's own percentage instead of `service_percent`, by service id. */
  service_overrides: Record<string, string>;
}

/** The percentage a service line earns: the service's override when the rule has one, else the rule's. */
export const serviceRateOf = (rule: CommissionRule, serviceId: string): string =>
  rule.service_overrides[serviceId] ?? rule.service_percent;

/** `rate` percent of `base`, rounded once, half up, to the cent. */
export const commissionOf = (base: string, rate: string): string => formatMoney(percentOf(base, rate));

/**
 * What a refund takes back of an earning: the refunded share (refunded ÷ paid, 0–1) of the amount earned,
 * rounded half up to the cent and never more than was earned; negative, as a reversal entry holds it.
 */
export function reversalOf(earned: string, share: string): string {
  const taken = money(formatMoney(money(earned).times(share)));
  return formatMoney((taken.gt(earned) ? money(earned) : taken).times(-1));
}

/** The totals of a report's entries, each a decimal string to the cent. */
export function commissionTotals(entries: { source_type: string; kind: string; amount: string }[]) {
  const sum = (pick: (entry: (typeof entries)[number]) => boolean) =>
    formatMoney(entries.filter(pick).reduce((total, entry) => total.plus(entry.amount), money(0)));
  return {
    appointments: sum((e) => e.kind === 'earned' && e.source_type === 'appointment'),
    package_sales: sum((e) => e.kind === 'earned' && e.source_type === 'package_sale'),
    reversals: sum((e) => e.kind === 'reversed'),
    total: sum(() => true),
  };
}
