import {
  PLAN_CATALOGUE,
  type BillingPeriod,
  type PlanType,
  type SubscriptionChangedV1,
} from '@salon/contracts';
import { formatMoney, money, roundToUnit, subMoney } from '@salon/service-kit';

export const DAY_MS = 86_400_000;

const RANK: Record<PlanType, number> = { FREE: 0, PRO: 1, ENTERPRISE: 2 };
const MONTHS: Record<BillingPeriod, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/** -1 below, 0 same, 1 above: an upgrade goes up, a downgrade goes down. */
export const comparePlans = (a: PlanType, b: PlanType): -1 | 0 | 1 =>
  Math.sign(RANK[a] - RANK[b]) as -1 | 0 | 1;

/** The catalogue price of a plan for one billing period, as a two-decimal string. */
export const planPrice = (plan: PlanType, period: BillingPeriod): string =>
  formatMoney(PLAN_CATALOGUE[plan].price[period]);

/**
 * One billing cycle after `from`, in calendar months (UTC); a day that the target month lacks becomes its
 * last day (31 January + 1 month = 28 or 29 February).
 */
export function addPeriod(from: Date, period: BillingPeriod): Date {
  const months = MONTHS[period];
  const target = new Date(from.getTime());
  const day = from.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export interface Proration {
  /** Whole rupiah (rounded half up), two-decimal string. */
  amount: string;
  days_remaining: number;
  total_days: number;
}

/**
 * The spec's proration: (new price − old price) × days remaining / days in period, rounded to whole units
 * at the end. Days in period is the period's length in whole days; days remaining counts a started day as
 * a whole one (a period ending in 20.5 days has 21 left) and stays within 0 … days in period.
 */
export function prorate(input: {
  oldPrice: string;
  newPrice: string;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): Proration {
  const totalDays = Math.max(
    0,
    Math.round((input.periodEnd.getTime() - input.periodStart.getTime()) / DAY_MS),
  );
  const left = Math.ceil((input.periodEnd.getTime() - input.now.getTime()) / DAY_MS);
  const daysRemaining = Math.min(totalDays, Math.max(0, left));
  const difference = subMoney(input.newPrice, input.oldPrice);
  const amount = totalDays === 0 ? difference : difference.times(daysRemaining).div(totalDays);
  return { amount: formatMoney(roundToUnit(amount)), days_remaining: daysRemaining, total_days: totalDays };
}

/** True when the paid amount is exactly the invoiced one (decimal comparison, "100" equals "100.00"). */
export const sameAmount = (a: string, b: string): boolean => money(a).eq(money(b));

/** The limits every replica receives, straight from the one plan catalogue. */
export const planLimitsOf = (plan: PlanType): SubscriptionChangedV1['limits'] => ({
  ...PLAN_CATALOGUE[plan].limits,
});
