const DAY_MS = 86_400_000;

/** Customer packages count as expiring soon within 7 days; the staff credit summary looks 30 days ahead. */
export const EXPIRING_SOON_DAYS = 7;
export const STAFF_EXPIRING_WINDOW_DAYS = 30;

export type CustomerPackageStatus =
  'pending_payment' | 'active' | 'partially_used' | 'depleted' | 'expired' | 'cancelled';

/** Credits run from activation (payment confirmed) for validity_days; null validity never expires. */
export const expiryFrom = (activatedAt: Date, validityDays: number | null): Date | null =>
  validityDays === null ? null : new Date(activatedAt.getTime() + validityDays * DAY_MS);

export const isExpired = (expiresAt: Date | null, now: Date): boolean =>
  expiresAt !== null && expiresAt.getTime() <= now.getTime();

/** Whole days left, rounded up (a package expiring in 1 hour has 1 day left); 0 once expired; null when never. */
export function daysUntilExpiry(expiresAt: Date | null, now: Date): number | null {
  if (expiresAt === null) return null;
  const left = expiresAt.getTime() - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

/** Not yet expired and expiring within `days`. */
export function isExpiringSoon(expiresAt: Date | null, now: Date, days = EXPIRING_SOON_DAYS): boolean {
  if (expiresAt === null || isExpired(expiresAt, now)) return false;
  return expiresAt.getTime() - now.getTime() <= days * DAY_MS;
}

/**
 * The status a customer package shows at `now`: pending and cancelled stay; an activated one is expired once
 * its validity passed with credits left, else active (nothing used), partially_used or depleted (all used).
 */
export function packageStatusAt(
  stored: CustomerPackageStatus,
  credits: { total: number; used: number },
  expiresAt: Date | null,
  now: Date,
): CustomerPackageStatus {
  if (stored === 'pending_payment' || stored === 'cancelled') return stored;
  if (credits.total > 0 && credits.used >= credits.total) return 'depleted';
  if (isExpired(expiresAt, now)) return 'expired';
  if (credits.used === 0) return 'active';
  return 'partially_used';
}

export interface RedeemableCredit {
  id: string;
  remaining: number;
  expires_at: Date | null;
  created_at: Date;
}

/** First in, first out: the soonest expiry first, never-expiring last, older rows first among equals. */
export function fifoOrder<T extends RedeemableCredit>(credits: readonly T[]): T[] {
  const key = (credit: T) => credit.expires_at?.getTime() ?? Number.POSITIVE_INFINITY;
  return [...credits].sort(
    (a, b) => key(a) - key(b) || a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id),
  );
}

export type Allocation = { credit_id: string; quantity: number }[];

/** Takes `quantity` credits first in, first out; undefined when the credits given do not cover it. */
export function allocateFifo(credits: readonly RedeemableCredit[], quantity: number): Allocation | undefined {
  const allocation: Allocation = [];
  let left = quantity;
  for (const credit of fifoOrder(credits)) {
    if (left === 0) break;
    if (credit.remaining <= 0) continue;
    const take = Math.min(credit.remaining, left);
    allocation.push({ credit_id: credit.id, quantity: take });
    left -= take;
  }
  return left === 0 ? allocation : undefined;
}
