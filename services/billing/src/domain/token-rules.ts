import { billingApi, isUnlimited, UNLIMITED, type PlanType } from '@salon/contracts';
import { money } from '@salon/service-kit';

export const QUOTA_TYPES = billingApi.QUOTA_TYPES;
export type QuotaType = (typeof QUOTA_TYPES)[number];

export const DAILY_QUOTA_EXCEEDED = 'Daily token quota exceeded. Limit resets at midnight UTC.';
export const MONTHLY_QUOTA_EXCEEDED =
  'Monthly token quota exceeded. Limit resets on the 1st of the month UTC.';

/** USD per million tokens (spec: about 0.075 input, 0.30 output). */
export const INPUT_USD_PER_MILLION = '0.075';
export const OUTPUT_USD_PER_MILLION = '0.30';

/** The spec's eight settings, already parsed (config.ts gives their defaults). */
export interface TokenQuotaSettings {
  FREE_PLAN_DAILY_TOKENS: number;
  FREE_PLAN_MONTHLY_TOKENS: number;
  PRO_PLAN_DAILY_TOKENS: number;
  PRO_PLAN_MONTHLY_TOKENS: number;
  ENTERPRISE_PLAN_DAILY_TOKENS: number;
  ENTERPRISE_PLAN_MONTHLY_TOKENS: number;
  DEFAULT_DAILY_TOKENS: number;
  DEFAULT_MONTHLY_TOKENS: number;
}

export interface QuotaOverride {
  daily_quota: number | null;
  monthly_quota: number | null;
  quota_type: QuotaType;
}

export interface EffectiveQuota {
  daily: number;
  monthly: number;
  type: QuotaType;
}

/**
 * The lookup chain: the customer's own values first, then the tenant's plan, then the defaults (no
 * subscription). quota_type `unlimited` lifts both limits; a null override follows the plan.
 */
export function resolveQuota(
  override: QuotaOverride | undefined,
  plan: PlanType | undefined,
  settings: TokenQuotaSettings,
): EffectiveQuota {
  const planDaily = plan ? settings[`${plan}_PLAN_DAILY_TOKENS`] : settings.DEFAULT_DAILY_TOKENS;
  const planMonthly = plan ? settings[`${plan}_PLAN_MONTHLY_TOKENS`] : settings.DEFAULT_MONTHLY_TOKENS;
  const type = override?.quota_type ?? 'daily';
  if (type === 'unlimited') return { daily: UNLIMITED, monthly: UNLIMITED, type };
  return {
    daily: override?.daily_quota ?? planDaily,
    monthly: override?.monthly_quota ?? planMonthly,
    type,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The UTC day a moment belongs to ("2026-03-11"): the key of the daily counter. */
export const utcDay = (at: Date): string =>
  `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;

/** The first day of the UTC month ("2026-03-01"): the key of the monthly counter. */
export const utcMonth = (at: Date): string => `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-01`;

export const nextUtcMidnight = (at: Date): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));

export const nextUtcMonth = (at: Date): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));

const percentage = (used: number, quota: number): number =>
  isUnlimited(quota) || quota === 0
    ? quota === 0 && used > 0
      ? 100
      : 0
    : Math.round((used * 10_000) / quota) / 100;

const remaining = (used: number, quota: number): number =>
  isUnlimited(quota) ? UNLIMITED : Math.max(0, quota - used);

/** Within a limit while strictly below it: at exactly the quota nothing more is allowed. */
const below = (used: number, quota: number): boolean => isUnlimited(quota) || used < quota;

export interface QuotaStatus {
  allowed: boolean;
  used_today: number;
  used_this_month: number;
  daily_quota: number;
  monthly_quota: number;
  remaining_today: number;
  remaining_this_month: number;
  percentage_used_today: number;
  percentage_used_this_month: number;
  resets_at: string;
  blocked: boolean;
  blocked_reason: string | null;
}

/** GET /token-usage/quota from the day's and month's counters, the quota and a stored block (if not lapsed). */
export function quotaStatus(input: {
  usedToday: number;
  usedThisMonth: number;
  quota: EffectiveQuota;
  block: { reason: string; until: Date } | null;
  now: Date;
}): QuotaStatus {
  const { usedToday, usedThisMonth, quota, now } = input;
  const block = input.block && input.block.until.getTime() > now.getTime() ? input.block : null;
  const overDaily = !isUnlimited(quota.daily) && usedToday > quota.daily;
  const overMonthly = !isUnlimited(quota.monthly) && usedThisMonth > quota.monthly;
  const blockedReason =
    block?.reason ?? (overDaily ? 'daily_quota_exceeded' : overMonthly ? 'monthly_quota_exceeded' : null);
  return {
    allowed: blockedReason === null && below(usedToday, quota.daily) && below(usedThisMonth, quota.monthly),
    used_today: usedToday,
    used_this_month: usedThisMonth,
    daily_quota: quota.daily,
    monthly_quota: quota.monthly,
    remaining_today: remaining(usedToday, quota.daily),
    remaining_this_month: remaining(usedThisMonth, quota.monthly),
    percentage_used_today: percentage(usedToday, quota.daily),
    percentage_used_this_month: percentage(usedThisMonth, quota.monthly),
    resets_at: nextUtcMidnight(now).toISOString(),
    blocked: blockedReason !== null,
    blocked_reason: blockedReason,
  };
}

export interface TrackOutcome {
  /** Which quota the new totals pass, daily first; null when within both. */
  exceeded: 'daily' | 'monthly' | null;
  warning: string | null;
}

/**
 * After recording: exceeded when a new total is above its quota (reaching it exactly is still allowed);
 * a warning from 80 % of the daily quota on.
 */
export function trackOutcome(newToday: number, newMonth: number, quota: EffectiveQuota): TrackOutcome {
  const exceeded =
    !isUnlimited(quota.daily) && newToday > quota.daily
      ? 'daily'
      : !isUnlimited(quota.monthly) && newMonth > quota.monthly
        ? 'monthly'
        : null;
  let warning: string | null = null;
  if (!isUnlimited(quota.daily) && newToday * 100 >= quota.daily * 80) {
    const used = quota.daily === 0 ? 100 : Math.floor((newToday * 100) / quota.daily);
    warning = `You have used ${used}% of your daily token quota (${newToday}/${quota.daily} tokens).`;
  }
  return { exceeded, warning };
}

/**
 * Cost estimate in USD: input tokens at 0.075 and output tokens at 0.30 per million. Input is
 * prompt_tokens when given, else the total minus the completion tokens; output is completion_tokens or 0.
 */
export function estimateCostUsd(tokens: number, promptTokens?: number, completionTokens?: number): string {
  const output = completionTokens ?? 0;
  const input = promptTokens ?? Math.max(0, tokens - output);
  return money(input)
    .times(INPUT_USD_PER_MILLION)
    .plus(money(output).times(OUTPUT_USD_PER_MILLION))
    .div(1_000_000)
    .toFixed(9);
}
