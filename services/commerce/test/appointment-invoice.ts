import { newId } from '@salon/service-kit';
import { insertInvoice } from '../src/db/invoice.repository';
import { insertPayment } from '../src/db/payment.repository';
import type { CommerceHarness } from './helpers';

/**
 * An appointment's pending gateway payment of 105000.00 IDR (base 100000.00, 5% fee) and its invoice, written
 * straight to the database as commerce would have before the provider's callback; the invoice records no
 * request id. Its ids and the provider invoice id the callback names.
 */
export async function pendingAppointmentInvoice(
  harness: CommerceHarness,
  tenantId: string,
  customerId: string | null,
) {
  const appointmentId = newId();
  const invoiceId = newId();
  const paymentId = newId();
  const gatewayId = `gw-${newId()}`;
  await harness.service.running.context.db.withTx(async (tx) => {
    await insertPayment(tx, tenantId, {
      id: paymentId,
      customer_id: customerId,
      customer_package_id: null,
      appointment_id: appointmentId,
      invoice_id: invoiceId,
      amount: '105000.00',
      currency: 'IDR',
      method: 'QRIS',
      provider: 'gateway',
      status: 'PENDING',
      reference_id: `APT-${appointmentId}-1`,
      receipt_number: null,
      notes: null,
      recorded_by: null,
      paid_at: null,
    });
    await insertInvoice(tx, tenantId, {
      id: invoiceId,
      type: 'APPOINTMENT',
      invoice_number: `INV-APT-${invoiceId}`,
      customer_id: customerId,
      customer_package_id: null,
      appointment_id: appointmentId,
      payment_id: paymentId,
      subtotal: '100000.00',
      platform_fee: '5000.00',
      platform_fee_percentage: '5',
      amount: '105000.00',
      currency: 'IDR',
      lines: [],
      metadata: {},
      due_date: new Date(Date.now() + 86_400_000).toISOString(),
      gateway_invoice_id: gatewayId,
      gateway_invoice_url: null,
    });
  });
  return { appointmentId, invoiceId, paymentId, gatewayId };
}
