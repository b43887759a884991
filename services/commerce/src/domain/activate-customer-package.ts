import { newId, type Executor } from '@salon/service-kit';
import { insertCredits } from '../db/credit.repository';
import { findCustomerPackage, markPackagePaid } from '../db/customer-package.repository';
import { findPackage, recordPackageSale } from '../db/package.repository';
import { expiryFrom } from './credit-rules';

/**
 * pending_payment → active with its credits, in the caller's transaction (a staff sale, a recorded payment, a
 * provider callback); false when the package was not pending (already activated by another confirmation), so
 * nothing is allocated twice.
 */
export async function activateCustomerPackage(
  tx: Executor,
  tenantId: string,
  customerPackageId: string,
  paymentId: string,
  amountPaid: string,
  now = new Date(),
): Promise<boolean> {
  const row = await findCustomerPackage(tx, tenantId, customerPackageId);
  if (!row) return false;
  const expiresAt = expiryFrom(now, row.validity_days);
  const moved = await markPackagePaid(tx, tenantId, customerPackageId, {
    paymentId,
    amountPaid,
    confirmedAt: now,
    expiresAt,
  });
  if (!moved) return false;
  const pkg = await findPackage(tx, tenantId, row.package_id);
  await insertCredits(
    tx,
    tenantId,
    (pkg?.package_items ?? []).map((item) => ({
      id: newId(),
      customer_id: row.customer_id,
      customer_package_id: row.id,
      service_id: item.service_id,
      service_name: item.service_name,
      allocated_credits: item.quantity,
      expires_at: expiresAt,
    })),
  );
  await recordPackageSale(tx, tenantId, row.package_id, amountPaid);
  return true;
}
