import { formatMoney, money, sumMoney, tenantIn, type RequestContext } from '@salon/service-kit';
import { recentUsage } from '../db/credit.repository';
import { listCustomerPackages, type CustomerPackageRow } from '../db/customer-package.repository';
import { customerIn } from './callers';
import { daysUntilExpiry, isExpiringSoon } from './credit-rules';
import type { CommerceDeps } from './deps';

const remainingOf = (row: CustomerPackageRow) => row.total_credits - row.used_credits - row.expired_credits;
const expiryOf = (row: CustomerPackageRow) => (row.expires_at ? new Date(row.expires_at) : null);

/** GET /customer/packages/summary in the spec's exact shape. */
export async function customerPackageSummary(deps: CommerceDeps, ctx: RequestContext) {
  const tenantId = tenantIn(ctx);
  const customerId = customerIn(ctx);
  const { items } = await listCustomerPackages(deps.db.orm, tenantId, { customerId });
  const now = new Date();
  const usable = items.filter((row) => row.status === 'active' || row.status === 'partially_used');
  const pending = items.filter((row) => row.status === 'pending_payment');
  const sum = (pick: (row: CustomerPackageRow) => number) =>
    items.reduce((total, row) => total + pick(row), 0);
  const expiring = usable
    .filter((row) => remainingOf(row) > 0 && isExpiringSoon(expiryOf(row), now))
    .sort((a, b) => Date.parse(a.expires_at as string) - Date.parse(b.expires_at as string));
  const usage = await recentUsage(deps.db.orm, tenantId, customerId);
  return {
    total_packages: items.length,
    active_packages: usable.length,
    pending_payment_packages: pending.length,
    credits_summary: {
      total_credits: sum((row) => row.total_credits),
      used_credits: sum((row) => row.used_credits),
      remaining_credits: sum((row) => (row.status === 'expired' ? 0 : remainingOf(row))),
      expired_credits: sum((row) => row.expired_credits),
    },
    expiring_soon: {
      count: expiring.length,
      packages: expiring.map((row) => ({
        id: row.id,
        package_name: row.package_name,
        remaining_credits: remainingOf(row),
        expires_at: row.expires_at,
        days_until_expiry: daysUntilExpiry(expiryOf(row), now),
      })),
    },
    pending_payments: {
      count: pending.length,
      total_amount: formatMoney(sumMoney(pending.map((row) => money(row.package_price)))),
      currency: pending[0]?.currency ?? items[0]?.currency ?? 'IDR',
      packages: pending.map((row) => ({
        id: row.id,
        package_name: row.package_name,
        amount: row.package_price,
        payment_url: row.gateway_payment_url,
      })),
    },
    recent_usage: { credits_used_this_month: usage.used, last_used_at: usage.last_used_at },
  };
}
