import type { Executor } from '@salon/service-kit';
import { findCustomer } from '../db/customer.repository';
import {
  loyaltyFactsOf,
  recordMoneyEntry,
  setCustomerLoyalty,
  type MoneyEntry,
} from '../db/loyalty.repository';
import { findTenant } from '../db/tenant.repository';
import { customerLoyalty, pointsFor } from './loyalty-rules';

/**
 * Recomputes a customer's visits, spend and points from the facts, in the caller's (inbox) transaction. The
 * customer row is locked first: two consumers handling the same customer's events at once then recompute one
 * after the other, the second seeing the first's facts. Points follow what was spent while the tenant has
 * loyalty points enabled (a refund takes them back); with it off they stay as they were.
 */
export async function refreshCustomerLoyalty(
  tx: Executor,
  tenantId: string,
  customerId: string,
): Promise<void> {
  const customer = await findCustomer(tx, tenantId, customerId, { forUpdate: true });
  if (!customer) return;
  const tenant = await findTenant(tx, tenantId);
  const loyalty = customerLoyalty(await loyaltyFactsOf(tx, tenantId, customerId));
  const points = tenant?.settings.loyalty_points_enabled
    ? pointsFor(loyalty.total_spent, tenant.settings.currency)
    : customer.loyalty_points;
  await setCustomerLoyalty(tx, customerId, { ...loyalty, loyalty_points: points });
}

/** A payment, refund or package-paid visit commerce announced: kept once, then the customer recomputed. */
export async function countCustomerMoney(tx: Executor, entry: MoneyEntry): Promise<void> {
  if (await recordMoneyEntry(tx, entry)) await refreshCustomerLoyalty(tx, entry.tenant_id, entry.customer_id);
}
