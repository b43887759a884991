import { newEvent, type EventOrigin } from '@salon/messaging';
import { newId, type Executor } from '@salon/service-kit';
import { insertCredits } from '../db/credit.repository';
import { findCustomerPackage, markPackagePaid } from '../db/customer-package.repository';
import { findPackage, recordPackageSale } from '../db/package.repository';
import { insertPayment, type NewPayment } from '../db/payment.repository';
import { expiryFrom } from './credit-rules';
import type { CommerceDeps } from './deps';
import { earnPackageCommission } from './earn-commission';

/**
 * pending_payment → active with its credits, in the caller's transaction (a staff sale, a recorded payment, a
 * provider callback); false when the package was not pending (already activated by another confirmation), so
 * nothing is allocated twice (nor commission earned twice: the seller's, when the seller is a staff member).
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
  await earnPackageCommission(
    tx,
    tenantId,
    {
      customerPackageId: row.id,
      soldBy: row.sold_by,
      soldByStaffId: row.sold_by_staff_id,
      packageName: row.package_name,
      currency: row.currency,
    },
    amountPaid,
    now,
  );
  return true;
}

/** An offline payment of a pending package: what it pays, for whom, how, and who recorded it. */
export type OfflinePackagePayment = Pick<
  NewPayment,
  'customer_id' | 'amount' | 'currency' | 'method' | 'receipt_number' | 'notes' | 'recorded_by'
> & { customer_package_id: string };

/**
 * A staff sale paid on the spot or a recorded payment: the payment, completed as it is written, and the
 * pending package activated by it, in the caller's transaction; like a provider's, the payment is announced
 * (`commerce.payment.completed.v1`), so what the customer spent counts however it was paid.
 */
export async function payPackageOffline(
  deps: Pick<CommerceDeps, 'store'>,
  tx: Executor,
  tenantId: string,
  offline: OfflinePackagePayment,
  { origin, now = new Date() }: { origin: EventOrigin; now?: Date },
): Promise<NewPayment> {
  const payment: NewPayment = {
    ...offline,
    id: newId(),
    appointment_id: null,
    invoice_id: null,
    provider: 'manual',
    status: 'COMPLETED',
    reference_id: `PKG-${offline.customer_package_id}-${now.getTime()}`,
    paid_at: now,
  };
  await insertPayment(tx, tenantId, payment);
  await activateCustomerPackage(tx, tenantId, offline.customer_package_id, payment.id, payment.amount, now);
  await deps.store.enqueue(tx, [
    newEvent(
      'commerce.payment.completed.v1',
      {
        payment_id: payment.id,
        tenant_id: tenantId,
        customer_id: payment.customer_id,
        appointment_id: null,
        customer_package_id: offline.customer_package_id,
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        completed_at: now.toISOString(),
      },
      origin,
    ),
  ]);
  return payment;
}
