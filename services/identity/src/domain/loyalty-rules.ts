import { formatMoney, money } from '@salon/service-kit';
import type { LoyaltyFacts } from '../db/loyalty.repository';

/**
 * How much of a currency earns one loyalty point: 10,000 rupiah, and about the same value elsewhere (a
 * currency not listed earns one point per whole unit).
 */
export const POINT_VALUE: Readonly<Record<string, number>> = {
  IDR: 10_000,
  VND: 15_000,
  KRW: 1_000,
  JPY: 100,
  PHP: 30,
  THB: 20,
  MYR: 3,
};

export function pointsFor(spent: string, currency: string): number {
  return money(spent)
    .div(POINT_VALUE[currency] ?? 1)
    .round(0, 0)
    .toNumber();
}

export interface CustomerLoyalty {
  total_appointments: number;
  last_appointment_date: string | null;
  total_spent: string;
}

/**
 * A customer's history from the facts: visits are completed appointments; what was spent is every payment
 * (appointments and packages, online, wallet or at the counter) less every refund, plus the price of each
 * completed appointment for which nothing was paid through the platform and no package credit was used (it was
 * paid at the venue). Never below zero.
 */
export function customerLoyalty({ completed, money: entries }: LoyaltyFacts): CustomerLoyalty {
  const settled = new Set(
    entries.filter((entry) => entry.kind !== 'refund' && entry.appointment_id).map((e) => e.appointment_id),
  );
  let spent = money(0);
  for (const entry of entries) {
    if (entry.kind === 'payment') spent = spent.plus(entry.amount);
    if (entry.kind === 'refund') spent = spent.minus(entry.amount);
  }
  for (const visit of completed) {
    if (!settled.has(visit.appointment_id)) spent = spent.plus(visit.total_price ?? 0);
  }
  const dates = completed.map((visit) => visit.appointment_date).sort();
  return {
    total_appointments: completed.length,
    last_appointment_date: dates.at(-1) ?? null,
    total_spent: formatMoney(spent.lt(0) ? money(0) : spent),
  };
}
