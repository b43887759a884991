import { billingApi, isUnlimited } from '@salon/contracts';

export const USAGE_STATUSES = billingApi.USAGE_STATUSES;
export type UsageStatus = (typeof USAGE_STATUSES)[number];

export interface UsageItem {
  current: number;
  limit: number;
  /** current / limit × 100, two decimals; 0 when unlimited. */
  percentage: number;
  status: UsageStatus;
}

/**
 * The spec's usage status: unlimited (-1), exceeded (above the limit), at_limit (exactly 100 %),
 * approaching_limit (above 80 %, so 80 % itself is still within), within_limit. Compared in integers so
 * no rounding decides a threshold.
 */
export function usageItem(current: number, limit: number): UsageItem {
  if (isUnlimited(limit)) return { current, limit, percentage: 0, status: 'unlimited' };
  const percentage = limit === 0 ? (current > 0 ? 100 : 0) : Math.round((current * 10_000) / limit) / 100;
  let status: UsageStatus = 'within_limit';
  if (current > limit) status = 'exceeded';
  else if (current === limit) status = 'at_limit';
  else if (current * 100 > limit * 80) status = 'approaching_limit';
  return { current, limit, percentage, status };
}

const LABELS: Record<string, string> = {
  outlets: 'outlets',
  staff: 'staff members',
  appointments_this_month: 'appointments this month',
  services: 'services',
};

/** One warning per resource that is approaching, at or over its limit, in the order given. */
export function usageWarnings(usage: Record<string, UsageItem>): string[] {
  const warnings: string[] = [];
  for (const [name, item] of Object.entries(usage)) {
    const label = LABELS[name] ?? name;
    const counts = `${item.current}/${item.limit} ${label}`;
    if (item.status === 'exceeded') warnings.push(`Limit exceeded: ${counts} (${item.percentage}%)`);
    else if (item.status === 'at_limit') warnings.push(`Limit reached: ${counts}`);
    else if (item.status === 'approaching_limit')
      warnings.push(`Approaching limit: ${counts} (${item.percentage}%)`);
  }
  return warnings;
}

/** An upgrade is recommended as soon as one resource is above 80 % of its limit. */
export const upgradeRecommended = (usage: Record<string, UsageItem>): boolean =>
  Object.values(usage).some((item) => ['approaching_limit', 'at_limit', 'exceeded'].includes(item.status));

/**
 * The staff limit of a tenant: the plan's per-outlet limit times its active outlets (at least one, the
 * tenant's first outlet); unlimited stays unlimited.
 */
export const staffLimit = (perOutlet: number, activeOutlets: number): number =>
  isUnlimited(perOutlet) ? perOutlet : perOutlet * Math.max(1, activeOutlets);
