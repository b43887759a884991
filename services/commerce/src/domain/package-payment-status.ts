import { forbidden, formatMoney, money, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { findCustomerPackage, type CustomerPackageRow } from '../db/customer-package.repository';
import { paymentsOfPackage, type PaymentRow } from '../db/payment.repository';
import { ownCustomerOf } from './callers';
import type { CommerceDeps } from './deps';

export interface PackagePaymentState {
  row: CustomerPackageRow;
  payments: PaymentRow[];
  /** Completed payments only. */
  totalPaid: string;
  remainingBalance: string;
}

/** GET /customer-packages/{id}/payment-status: staff see any package of their tenant; a customer only their own (403). */
export async function packagePaymentStatus(
  deps: CommerceDeps,
  ctx: RequestContext,
  { customerPackageId }: { customerPackageId: string },
): Promise<PackagePaymentState> {
  const tenantId = tenantIn(ctx);
  const customerId = ownCustomerOf(ctx);
  const row = await findCustomerPackage(deps.db.orm, tenantId, customerPackageId);
  if (!row) throw notFound('Customer package not found');
  if (customerId !== undefined && row.customer_id !== customerId) throw forbidden('Access denied');
  const payments = await paymentsOfPackage(deps.db.orm, tenantId, row.id);
  const paid = payments
    .filter((payment) => payment.status === 'COMPLETED')
    .reduce((total, payment) => total.plus(money(payment.amount)), money(0));
  const remaining = money(row.package_price).minus(paid);
  return {
    row,
    payments,
    totalPaid: formatMoney(paid),
    remainingBalance: formatMoney(remaining.lt(0) ? 0 : remaining),
  };
}
