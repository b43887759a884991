import { tenantIn, type RequestContext } from '@salon/service-kit';
import { listCredits } from '../db/credit.repository';
import { listCustomerPackages, type CustomerPackageRow } from '../db/customer-package.repository';
import { STAFF_EXPIRING_WINDOW_DAYS, isExpiringSoon } from './credit-rules';
import { assertCustomer } from './customer-package-details';
import type { CommerceDeps } from './deps';

const parseDate = (value: string | null) => (value === null ? null : new Date(value));

/**
 * GET /staff/customer-packages/{customer_id}/summary: totals over the customer's packages; expiring_soon
 * counts credits expiring within 30 days.
 */
export async function staffCreditSummary(
  deps: CommerceDeps,
  ctx: RequestContext,
  { customerId }: { customerId: string },
) {
  const tenantId = tenantIn(ctx);
  await assertCustomer(deps.db.orm, tenantId, customerId);
  const { items } = await listCustomerPackages(deps.db.orm, tenantId, { customerId });
  const credits = await listCredits(deps.db.orm, tenantId, customerId, {
    includeUsed: true,
    includeExpired: true,
  });
  const now = new Date();
  const sum = (pick: (row: CustomerPackageRow) => number) =>
    items.reduce((total, row) => total + pick(row), 0);
  return {
    total_packages: items.length,
    active_packages: items.filter((row) => row.status === 'active' || row.status === 'partially_used').length,
    total_credits: sum((row) => row.total_credits),
    used_credits: sum((row) => row.used_credits),
    remaining_credits: sum((row) => row.total_credits - row.used_credits - row.expired_credits),
    expired_credits: sum((row) => row.expired_credits),
    expiring_soon: credits
      .filter(
        (credit) =>
          !credit.is_expired && isExpiringSoon(parseDate(credit.expires_at), now, STAFF_EXPIRING_WINDOW_DAYS),
      )
      .reduce((total, credit) => total + credit.remaining_credits, 0),
  };
}
