import { money, type Executor } from '@salon/service-kit';
import { markPackagePaymentFailed } from '../db/customer-package.repository';
import { moveInvoice, writeAudit, type InvoiceRow } from '../db/invoice.repository';
import { findPayment, settlePayment } from '../db/payment.repository';
import { lockWallet, moveWallet } from '../db/wallet.repository';
import { walletAppliedOf } from './payment-rules';

/**
 * A pending invoice ran out of time (the provider's EXPIRED callback, or its due date passed when the customer
 * starts a new payment): the invoice EXPIRED, its pending payment FAILED (so a new one may start), a package's
 * payment failed, and the wallet part applied with an appointment's payment given back (`walletReturned`).
 * `expired` false when the invoice was no longer pending (paid, voided or expired already): nothing changes.
 */
export async function expireInvoice(
  tx: Executor,
  invoice: InvoiceRow,
  why: string,
): Promise<{ expired: boolean; walletReturned: string }> {
  const tenantId = invoice.tenant_id;
  if (!(await moveInvoice(tx, tenantId, invoice.id, 'EXPIRED')))
    return { expired: false, walletReturned: '0.00' };
  let walletReturned = '0.00';
  if (invoice.payment_id && (await settlePayment(tx, tenantId, invoice.payment_id, 'FAILED', null))) {
    if (invoice.customer_package_id)
      await markPackagePaymentFailed(tx, tenantId, invoice.customer_package_id, invoice.payment_id);
    const walletPart = walletAppliedOf(invoice);
    if (invoice.customer_id && money(walletPart).gt(0)) {
      const payment = await findPayment(tx, tenantId, invoice.payment_id);
      await lockWallet(tx, tenantId, invoice.customer_id, invoice.currency);
      await moveWallet(tx, tenantId, invoice.customer_id, {
        amount: walletPart,
        kind: 'refund',
        reason: 'Payment expired: wallet part returned',
        reference: payment?.reference_id ?? null,
        by: null,
      });
      walletReturned = walletPart;
    }
  }
  await writeAudit(tx, tenantId, {
    action: 'INVOICE_EXPIRED',
    entity_type: 'invoice',
    entity_id: invoice.id,
    details: {
      type: invoice.type,
      gateway_invoice_id: invoice.gateway_invoice_id,
      why,
      wallet_returned: walletReturned,
    },
  });
  return { expired: true, walletReturned };
}
