import fc from 'fast-check';
import {
  DAILY_QUOTA_EXCEEDED,
  estimateCostUsd,
  nextUtcMidnight,
  nextUtcMonth,
  quotaStatus,
  resolveQuota,
  trackOutcome,
  utcDay,
  utcMonth,
  type TokenQuotaSettings,
} from '../src/domain/token-rules';

const settings: TokenQuotaSettings = {
  FREE_PLAN_DAILY_TOKENS: 16000,
  FREE_PLAN_MONTHLY_TOKENS: 480000,
  PRO_PLAN_DAILY_TOKENS: 64000,
  PRO_PLAN_MONTHLY_TOKENS: 1920000,
  ENTERPRISE_PLAN_DAILY_TOKENS: 128000,
  ENTERPRISE_PLAN_MONTHLY_TOKENS: 3840000,
  DEFAULT_DAILY_TOKENS: 1000,
  DEFAULT_MONTHLY_TOKENS: 2000,
};
const NOW = new Date('2026-03-11T23:59:59.999Z');
const daily = (limit: number) => ({ daily: limit, monthly: 1_000_000, type: 'daily' as const });

describe('resolveQuota: customer → plan → defaults', () => {
  it('follows the plan, the defaults without a subscription, and the customer override first', () => {
    expect(resolveQuota(undefined, 'PRO', settings)).toEqual({
      daily: 64000,
      monthly: 1920000,
      type: 'daily',
    });
    expect(resolveQuota(undefined, 'ENTERPRISE', settings)).toEqual({
      daily: 128000,
      monthly: 3840000,
      type: 'daily',
    });
    expect(resolveQuota(undefined, undefined, settings)).toEqual({
      daily: 1000,
      monthly: 2000,
      type: 'daily',
    });
    const override = { daily_quota: 500, monthly_quota: null, quota_type: 'daily' as const };
    expect(resolveQuota(override, 'FREE', settings)).toEqual({ daily: 500, monthly: 480000, type: 'daily' });
    expect(resolveQuota({ ...override, daily_quota: -1 }, 'FREE', settings).daily).toBe(-1);
    expect(resolveQuota({ ...override, quota_type: 'unlimited' }, 'FREE', settings)).toEqual({
      daily: -1,
      monthly: -1,
      type: 'unlimited',
    });
  });
});

describe('UTC keys', () => {
  it('keys days and months in UTC and resets at the next midnight and 1st', () => {
    expect(utcDay(NOW)).toBe('2026-03-11');
    expect(utcDay(new Date('2026-03-12T00:00:00.000Z'))).toBe('2026-03-12');
    expect(utcMonth(NOW)).toBe('2026-03-01');
    expect(nextUtcMidnight(NOW).toISOString()).toBe('2026-03-12T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2026-12-31T10:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(nextUtcMonth(new Date('2026-12-31T10:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('trackOutcome at the boundaries', () => {
  it.each([
    [0, null, null],
    [799, null, null],
    [800, null, 'You have used 80% of your daily token quota (800/1000 tokens).'],
    [999, null, 'You have used 99% of your daily token quota (999/1000 tokens).'],
    [1000, null, 'You have used 100% of your daily token quota (1000/1000 tokens).'],
    [1001, 'daily', 'You have used 100% of your daily token quota (1001/1000 tokens).'],
  ])('%i of 1000 today → exceeded %s', (today, exceeded, warning) => {
    expect(trackOutcome(today, today, daily(1000))).toEqual({ exceeded, warning });
  });

  it('checks the monthly quota after the daily one, and never limits unlimited quotas', () => {
    expect(trackOutcome(10, 2001, { daily: 1000, monthly: 2000, type: 'daily' }).exceeded).toBe('monthly');
    expect(trackOutcome(10, 2000, { daily: 1000, monthly: 2000, type: 'daily' }).exceeded).toBeNull();
    expect(trackOutcome(10 ** 9, 10 ** 9, { daily: -1, monthly: -1, type: 'unlimited' })).toEqual({
      exceeded: null,
      warning: null,
    });
  });

  it('exceeds exactly when the total passes the quota (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 7 }),
        fc.integer({ min: 1, max: 10 ** 7 }),
        (used, limit) => {
          const outcome = trackOutcome(used, 0, daily(limit));
          expect(outcome.exceeded === 'daily').toBe(used > limit);
          expect(outcome.warning !== null).toBe(used * 100 >= limit * 80);
        },
      ),
    );
  });
  expect(DAILY_QUOTA_EXCEEDED).toBe('Daily token quota exceeded. Limit resets at midnight UTC.');
});

describe('quotaStatus', () => {
  it('answers remaining, percentages and allowed at and around the quota', () => {
    const status = quotaStatus({
      usedToday: 800,
      usedThisMonth: 900,
      quota: { daily: 1000, monthly: 2000, type: 'daily' },
      block: null,
      now: NOW,
    });
    expect(status).toEqual({
      allowed: true,
      used_today: 800,
      used_this_month: 900,
      daily_quota: 1000,
      monthly_quota: 2000,
      remaining_today: 200,
      remaining_this_month: 1100,
      percentage_used_today: 80,
      percentage_used_this_month: 45,
      resets_at: '2026-03-12T00:00:00.000Z',
      blocked: false,
      blocked_reason: null,
    });
    const full = quotaStatus({
      usedToday: 1000,
      usedThisMonth: 1000,
      quota: daily(1000),
      block: null,
      now: NOW,
    });
    expect([full.allowed, full.remaining_today, full.blocked]).toEqual([false, 0, false]);
    const over = quotaStatus({
      usedToday: 1001,
      usedThisMonth: 1001,
      quota: daily(1000),
      block: null,
      now: NOW,
    });
    expect([over.allowed, over.remaining_today, over.blocked, over.blocked_reason]).toEqual([
      false,
      0,
      true,
      'daily_quota_exceeded',
    ]);
  });

  it('shows -1 and 0 % for unlimited quotas, and ignores a lapsed block', () => {
    const status = quotaStatus({
      usedToday: 5,
      usedThisMonth: 5,
      quota: { daily: -1, monthly: -1, type: 'unlimited' },
      block: { reason: 'daily_quota_exceeded', until: new Date('2026-03-11T00:00:00Z') },
      now: NOW,
    });
    expect(status).toMatchObject({
      allowed: true,
      daily_quota: -1,
      monthly_quota: -1,
      remaining_today: -1,
      remaining_this_month: -1,
      percentage_used_today: 0,
      percentage_used_this_month: 0,
      blocked: false,
      blocked_reason: null,
    });
    const blocked = quotaStatus({
      usedToday: 0,
      usedThisMonth: 0,
      quota: daily(1000),
      block: { reason: 'daily_quota_exceeded', until: new Date('2026-03-12T00:00:00Z') },
      now: NOW,
    });
    expect([blocked.allowed, blocked.blocked]).toEqual([false, true]);
  });
});

describe('estimateCostUsd', () => {
  it('prices input at 0.075 and output at 0.30 USD per million tokens', () => {
    expect(estimateCostUsd(2_000_000, 1_000_000, 1_000_000)).toBe('0.375000000');
    expect(estimateCostUsd(1000, 600, 400)).toBe('0.000165000');
    // Without a split: what is not completion counts as input.
    expect(estimateCostUsd(1000)).toBe('0.000075000');
    expect(estimateCostUsd(1000, undefined, 400)).toBe('0.000165000');
    expect(estimateCostUsd(0)).toBe('0.000000000');
  });
});
