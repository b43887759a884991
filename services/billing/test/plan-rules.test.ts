import fc from 'fast-check';
import { PLAN_CATALOGUE } from '@salon/contracts';
import {
  addPeriod,
  comparePlans,
  planLimitsOf,
  planPrice,
  prorate,
  sameAmount,
} from '../src/domain/plan-rules';

const at = (iso: string) => new Date(iso);

describe('prorate', () => {
  it('worked example: FREE → PRO on 11 March of a 1 March – 1 April period', () => {
    // 31 days in the period, 21 left (11 March 00:00 → 1 April 00:00);
    // (599,000 − 0) × 21 / 31 = 405,774.19… → 405,774 rupiah.
    expect(
      prorate({
        oldPrice: '0',
        newPrice: '599000',
        periodStart: at('2026-03-01T00:00:00Z'),
        periodEnd: at('2026-04-01T00:00:00Z'),
        now: at('2026-03-11T00:00:00Z'),
      }),
    ).toEqual({ amount: '405774.00', days_remaining: 21, total_days: 31 });
  });

  it('worked example: PRO → ENTERPRISE halfway through a 30-day period', () => {
    // (1,499,000 − 599,000) × 15 / 30 = 450,000.
    expect(
      prorate({
        oldPrice: '599000',
        newPrice: '1499000',
        periodStart: at('2026-06-01T00:00:00Z'),
        periodEnd: at('2026-07-01T00:00:00Z'),
        now: at('2026-06-16T00:00:00Z'),
      }),
    ).toEqual({ amount: '450000.00', days_remaining: 15, total_days: 30 });
  });

  it('counts a started day as a whole day and rounds half up to whole rupiah', () => {
    // 10 March 12:00 → 21.5 days left → 22; 599,000 × 22 / 31 = 425,096.77 → 425,097.
    expect(
      prorate({
        oldPrice: '0',
        newPrice: '599000',
        periodStart: at('2026-03-01T00:00:00Z'),
        periodEnd: at('2026-04-01T00:00:00Z'),
        now: at('2026-03-10T12:00:00Z'),
      }),
    ).toEqual({ amount: '425097.00', days_remaining: 22, total_days: 31 });
    // Exactly .5 rounds up: 3 × 1 / 2 = 1.5 → 2.
    expect(
      prorate({
        oldPrice: '0',
        newPrice: '3',
        periodStart: at('2026-01-01T00:00:00Z'),
        periodEnd: at('2026-01-03T00:00:00Z'),
        now: at('2026-01-02T00:00:00Z'),
      }).amount,
    ).toBe('2.00');
  });

  it('charges the full difference at the start and nothing after the end', () => {
    const period = {
      oldPrice: '599000',
      newPrice: '1499000',
      periodStart: at('2026-03-01T00:00:00Z'),
      periodEnd: at('2026-04-01T00:00:00Z'),
    };
    expect(prorate({ ...period, now: at('2026-03-01T00:00:00Z') })).toEqual({
      amount: '900000.00',
      days_remaining: 31,
      total_days: 31,
    });
    expect(prorate({ ...period, now: at('2026-02-01T00:00:00Z') }).days_remaining).toBe(31);
    expect(prorate({ ...period, now: at('2026-04-01T00:00:00Z') })).toEqual({
      amount: '0.00',
      days_remaining: 0,
      total_days: 31,
    });
    expect(prorate({ ...period, now: at('2026-05-01T00:00:00Z') }).amount).toBe('0.00');
  });

  it('is never negative for an upgrade, never above the difference, and whole', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: -10 * 86_400_000, max: 400 * 86_400_000 }),
        fc.constantFrom<['FREE' | 'PRO', 'PRO' | 'ENTERPRISE']>(
          ['FREE', 'PRO'],
          ['FREE', 'ENTERPRISE'],
          ['PRO', 'ENTERPRISE'],
        ),
        (days, offset, [from, to]) => {
          const start = at('2026-01-01T00:00:00Z');
          const end = new Date(start.getTime() + days * 86_400_000);
          const result = prorate({
            oldPrice: planPrice(from, 'monthly'),
            newPrice: planPrice(to, 'monthly'),
            periodStart: start,
            periodEnd: end,
            now: new Date(start.getTime() + offset),
          });
          const difference = PLAN_CATALOGUE[to].price.monthly - PLAN_CATALOGUE[from].price.monthly;
          const amount = Number(result.amount);
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(difference);
          expect(result.amount.endsWith('.00')).toBe(true);
          expect(result.days_remaining).toBeLessThanOrEqual(result.total_days);
        },
      ),
    );
  });
});

describe('addPeriod', () => {
  it('adds calendar months in UTC, clamping to the last day of a shorter month', () => {
    expect(addPeriod(at('2026-03-11T09:30:00Z'), 'monthly').toISOString()).toBe('2026-04-11T09:30:00.000Z');
    expect(addPeriod(at('2026-01-31T00:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addPeriod(at('2028-01-31T00:00:00Z'), 'monthly').toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addPeriod(at('2026-11-30T00:00:00Z'), 'quarterly').toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addPeriod(at('2026-12-15T00:00:00Z'), 'monthly').toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(addPeriod(at('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});

describe('plans', () => {
  it('orders plans, prices them from the catalogue and compares amounts as decimals', () => {
    expect(comparePlans('PRO', 'FREE')).toBe(1);
    expect(comparePlans('PRO', 'ENTERPRISE')).toBe(-1);
    expect(comparePlans('PRO', 'PRO')).toBe(0);
    expect(planPrice('PRO', 'quarterly')).toBe('1617300.00');
    expect(planPrice('ENTERPRISE', 'yearly')).toBe('16188000.00');
    expect(sameAmount('405774', '405774.00')).toBe(true);
    expect(sameAmount('405774.01', '405774.00')).toBe(false);
    expect(planLimitsOf('FREE')).toEqual(PLAN_CATALOGUE.FREE.limits);
  });
});
