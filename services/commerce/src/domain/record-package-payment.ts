import { originOf } from '@salon/messaging';
import { badRequest, formatMoney, money, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import {
  findCustomerPackage,
  lockCustomerPackage,
  type CustomerPackageRow,
} from '../db/customer-package.repository';
import { moveInvoice, pendingInvoicesOfPackage } from '../db/invoice.repository';
import { paymentsOfPackage, settlePayment, type NewPayment } from '../db/payment.repository';
import { payPackageOffline } from './activate-customer-package';
import { staffUserIn } from './callers';
import { PRODUCER, type CommerceDeps } from './deps';
import { assertUnpaid } from './package-sale';

export const OFFLINE_METHODS = ['cash', 'pos_terminal', 'bank_transfer'] as const;

export interface RecordPaymentInput {
  customerPackageId: string;
  amount: string;
  payment_method: string;
  notes?: string | null;
  receipt_number?: string | null;
}

/** The payment recorded and the package after it. */
export interface RecordedPayment {
  payment: NewPayment;
  recordedAt: Date;
  package: CustomerPackageRow;
}

/**
 * POST /customer-packages/{id}/record-payment: an offline payment of exactly the package price activates the
 * pending package and its credits at once; a pending gateway payment and its invoice are superseded.
 */
export async function recordPackagePayment(
  deps: CommerceDeps,
  ctx: RequestContext,
  input: RecordPaymentInput,
): Promise<RecordedPayment> {
  const tenantId = tenantIn(ctx);
  const recordedBy = staffUserIn(ctx);
  if (!(OFFLINE_METHODS as readonly string[]).includes(input.payment_method)) {
    throw badRequest(
      `Payment method ${input.payment_method} cannot be recorded manually: use a payment link for online payments`,
    );
  }
  return deps.db.withTx(async (tx) => {
    if (!(await lockCustomerPackage(tx, tenantId, input.customerPackageId)))
      throw notFound('Customer package not found');
    const row = (await findCustomerPackage(tx, tenantId, input.customerPackageId)) as CustomerPackageRow;
    assertUnpaid(row);
    if (!money(input.amount).eq(money(row.package_price))) {
      throw badRequest(
        `Payment amount ${formatMoney(input.amount)} does not match the package price ${row.package_price}`,
      );
    }
    const now = new Date();
    // A pending gateway payment of the same package is superseded: it can no longer complete it.
    for (const payment of await paymentsOfPackage(tx, tenantId, row.id)) {
      if (payment.status === 'PENDING') await settlePayment(tx, tenantId, payment.id, 'FAILED', null);
    }
    // …and its invoice is voided: a late provider callback for it is then ignored (and audited).
    for (const invoice of await pendingInvoicesOfPackage(tx, tenantId, row.id)) {
      await moveInvoice(tx, tenantId, invoice.id, 'VOID');
    }
    const payment = await payPackageOffline(
      deps,
      tx,
      tenantId,
      {
        customer_id: row.customer_id,
        customer_package_id: row.id,
        amount: formatMoney(input.amount),
        currency: row.currency,
        method: input.payment_method,
        receipt_number: input.receipt_number ?? null,
        notes: input.notes ?? null,
        recorded_by: recordedBy,
      },
      { origin: originOf(ctx, PRODUCER), now },
    );
    const after = (await findCustomerPackage(tx, tenantId, row.id)) as CustomerPackageRow;
    return { payment, recordedAt: now, package: after };
  });
}
