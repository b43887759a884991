import {
  allocateFifo,
  daysUntilExpiry,
  expiryFrom,
  fifoOrder,
  isExpiringSoon,
  packageStatusAt,
} from '../src/domain/credit-rules';
import { discountRefusal, duplicateService, packageMetrics, availableAt } from '../src/domain/package-rules';

const DAY = 86_400_000;
const now = new Date('2026-01-10T00:00:00Z');

describe('package rules', () => {
  it.each([
    [
      [
        { quantity: 5, unit_price: '100000' },
        { quantity: 1, unit_price: '200000' },
      ],
      '600000',
      '700000.00',
      '100000.00',
      14.29,
    ],
    [[{ quantity: 3, unit_price: '33.33' }], '90', '99.99', '9.99', 9.99],
    [[{ quantity: 1, unit_price: '3' }], '2', '3.00', '1.00', 33.33],
    [[{ quantity: 3, unit_price: '1' }], '1', '3.00', '2.00', 66.67],
    [[{ quantity: 1, unit_price: '0' }], '0', '0.00', '0.00', 0],
  ])('metrics of %j at %s', (items, price, total, discount, percentage) => {
    expect(packageMetrics(items, price)).toEqual({
      total_individual_price: total,
      discount_amount: discount,
      discount_percentage: percentage,
    });
  });

  it('needs the price strictly below the total', () => {
    const items = [{ quantity: 2, unit_price: '50.005' }];
    expect(discountRefusal(items, '100.00')).toBeUndefined();
    expect(discountRefusal(items, '100.01')).toContain('100.01');
    expect(discountRefusal([{ quantity: 2, unit_price: '50' }], '100')).toContain('must be less than');
  });

  it('finds duplicates and outlet availability', () => {
    expect(duplicateService([{ service_id: 'a' }, { service_id: 'b' }])).toBeUndefined();
    expect(duplicateService([{ service_id: 'a' }, { service_id: 'a' }])).toBe('a');
    expect(availableAt([], 'x')).toBe(true);
    expect(availableAt(['x'], 'x')).toBe(true);
    expect(availableAt(['y'], 'x')).toBe(false);
  });
});

describe('credit rules', () => {
  it('computes expiry and days left', () => {
    expect(expiryFrom(now, null)).toBeNull();
    expect(expiryFrom(now, 30)?.toISOString()).toBe('2026-02-09T00:00:00.000Z');
    expect(daysUntilExpiry(null, now)).toBeNull();
    expect(daysUntilExpiry(new Date(now.getTime() + 3600_000), now)).toBe(1);
    expect(daysUntilExpiry(new Date(now.getTime() + 7 * DAY), now)).toBe(7);
    expect(daysUntilExpiry(new Date(now.getTime() - DAY), now)).toBe(0);
  });

  it('flags expiring soon within the window only', () => {
    expect(isExpiringSoon(null, now)).toBe(false);
    expect(isExpiringSoon(new Date(now.getTime() + 7 * DAY), now)).toBe(true);
    expect(isExpiringSoon(new Date(now.getTime() + 7 * DAY + 1), now)).toBe(false);
    expect(isExpiringSoon(now, now)).toBe(false);
    expect(isExpiringSoon(new Date(now.getTime() + 20 * DAY), now, 30)).toBe(true);
  });

  it.each([
    ['pending_payment', 0, 0, null, 'pending_payment'],
    ['cancelled', 5, 0, null, 'cancelled'],
    ['active', 5, 0, null, 'active'],
    ['active', 5, 2, null, 'partially_used'],
    ['partially_used', 5, 5, null, 'depleted'],
    ['active', 5, 2, new Date(now.getTime() - 1), 'expired'],
    ['active', 5, 5, new Date(now.getTime() - 1), 'depleted'],
  ] as const)('status %s with %d/%d used, expiry %s → %s', (stored, total, used, expiresAt, expected) => {
    expect(packageStatusAt(stored, { total, used }, expiresAt, now)).toBe(expected);
  });

  const credit = (id: string, remaining: number, expiresInDays: number | null, createdAt = 0) => ({
    id,
    remaining,
    expires_at: expiresInDays === null ? null : new Date(now.getTime() + expiresInDays * DAY),
    created_at: new Date(now.getTime() + createdAt),
  });

  it('orders soonest expiry first, never-expiring last, older first', () => {
    const ordered = fifoOrder([
      credit('never', 1, null),
      credit('late', 1, 20),
      credit('soon-new', 1, 5, 10),
      credit('soon-old', 1, 5, 0),
    ]);
    expect(ordered.map((row) => row.id)).toEqual(['soon-old', 'soon-new', 'late', 'never']);
  });

  it('allocates across credits first in, first out, or not at all', () => {
    const credits = [credit('b', 3, 10), credit('a', 2, 5), credit('c', 0, 1)];
    expect(allocateFifo(credits, 1)).toEqual([{ credit_id: 'a', quantity: 1 }]);
    expect(allocateFifo(credits, 4)).toEqual([
      { credit_id: 'a', quantity: 2 },
      { credit_id: 'b', quantity: 2 },
    ]);
    expect(allocateFifo(credits, 5)).toHaveLength(2);
    expect(allocateFifo(credits, 6)).toBeUndefined();
    expect(allocateFifo([], 1)).toBeUndefined();
  });
});
