import { originOf } from '@salon/messaging';
import { conflict, money, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { voidCreditsOfPackage } from '../db/credit.repository';
import {
  findCustomerPackage,
  lockCustomerPackage,
  markPackageCancelled,
} from '../db/customer-package.repository';
import { writeAudit } from '../db/invoice.repository';
import { paymentsOfPackage } from '../db/payment.repository';
import { staffUserIn } from './callers';
import { PRODUCER, type CommerceDeps } from './deps';
import { refundPackagePayment } from './refund-appointment-payment';

const CANCELLABLE = ['pending_payment', 'active', 'partially_used'];

export interface PackageCancellation {
  customerPackageId: string;
  creditsVoided: number;
  refund: { paymentId: string; amount: string; kept: string; currency: string; refundedTo: string } | null;
}

/**
 * POST /customer-packages/{id}/cancel (TENANT_ADMIN, OUTLET_MANAGER, SUPER_ADMIN): a package still in use or
 * awaiting payment is cancelled in one transaction. Its unused credits are voided; a completed payment is
 * refunded pro rata, the unused credits' share of everything paid (all of it when none was used), through the
 * one refund path (ledger reversal, wallet credit, commission reversal, `commerce.payment.refunded.v1`), once:
 * the package row is locked, the payment's COMPLETED → REFUNDED is the gate, and a second cancel is 409. A
 * pending provider payment is left to its invoice: paid after all, it is refunded in full to the wallet
 * (apply-invoice-callback), else it expires.
 */
export async function cancelCustomerPackage(
  deps: Pick<CommerceDeps, 'db' | 'store' | 'logger'>,
  ctx: RequestContext,
  input: { customerPackageId: string; reason?: string | null },
): Promise<PackageCancellation> {
  const tenantId = tenantIn(ctx);
  const cancelledBy = staffUserIn(ctx);
  return deps.db.withTx(async (tx) => {
    if (!(await lockCustomerPackage(tx, tenantId, input.customerPackageId)))
      throw notFound('Customer package not found');
    const row = (await findCustomerPackage(tx, tenantId, input.customerPackageId))!;
    if (!CANCELLABLE.includes(row.status))
      throw conflict(`Customer package is ${row.status} and cannot be cancelled`);
    const credits = await voidCreditsOfPackage(tx, tenantId, row.id);
    const completed = (await paymentsOfPackage(tx, tenantId, row.id)).find(
      (payment) => payment.status === 'COMPLETED',
    );
    let refund: PackageCancellation['refund'] = null;
    if (completed) {
      const share = credits.total > 0 ? money(credits.voided).div(credits.total).toString() : '1';
      const refunded = await refundPackagePayment(
        deps,
        tx,
        {
          tenantId,
          customerPackageId: row.id,
          paymentId: completed.id,
          share,
          reason: input.reason
            ? `Package cancelled: ${input.reason}`
            : `Package cancelled: ${credits.voided} of ${credits.total} credits unused, refunded pro rata`,
        },
        originOf(ctx, PRODUCER),
      );
      if (refunded)
        refund = {
          paymentId: completed.id,
          amount: refunded.amount,
          kept: refunded.fee,
          currency: refunded.currency,
          refundedTo: refunded.refundedTo,
        };
    }
    await markPackageCancelled(tx, tenantId, row.id, refund !== null);
    await writeAudit(tx, tenantId, {
      action: 'CUSTOMER_PACKAGE_CANCELLED',
      entity_type: 'customer_package',
      entity_id: row.id,
      details: {
        cancelled_by: cancelledBy,
        previous_status: row.status,
        reason: input.reason ?? null,
        credits_total: credits.total,
        credits_voided: credits.voided,
        refunded_amount: refund?.amount ?? null,
      },
    });
    return { customerPackageId: row.id, creditsVoided: credits.voided, refund };
  });
}
