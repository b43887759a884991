import { sql } from 'drizzle-orm';
import type { AppointmentCancelledV1 } from '@salon/contracts';
import { newEvent } from '@salon/messaging';
import { selectRows } from '@salon/service-kit';
import { appointmentSnapshotFixture, captureEvents, waitFor, type EventCapture } from '@salon/testing';
import { onSchedulingAppointmentCancelled } from '../src/events/handlers/scheduling.appointment.cancelled';
import { onSchedulingAppointmentPaymentOrphaned } from '../src/events/handlers/scheduling.appointment.payment_orphaned';
import { pendingAppointmentInvoice } from './appointment-invoice';
import {
  CALLBACK_TOKEN,
  addCustomer,
  addTenant,
  handleInbox,
  newTenant,
  startCommerce,
  type CommerceHarness,
} from './helpers';

/**
 * A paid appointment's cancellation refunds it exactly once, however the facts arrive: the cancelled event
 * delivered again (the broker's redelivery and a second event past the inbox), and the cancellation racing the
 * refund of a payment whose callback came after the cancellation (scheduling's payment_orphaned).
 */
describe('cancellation refunds, exactly once', () => {
  let harness: CommerceHarness;
  let events: EventCapture;
  beforeAll(async () => {
    harness = await startCommerce();
    events = await captureEvents(harness.service.testBus.bus, ['commerce.payment.refunded.v1']);
  });
  afterAll(() => harness.stop());

  const request = (...args: Parameters<CommerceHarness['service']['request']>) =>
    harness.service.request(...args);
  const db = () => harness.service.running.context.db.orm;
  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(db(), query);

  /** A tenant (wallets on) whose customer has a pending 105,000 appointment invoice (base 100,000, fee 5,000). */
  async function pendingShop() {
    const tenant = newTenant(harness.service);
    await addTenant(harness.service, tenant.tenantId);
    const customer = await addCustomer(harness.service, tenant.tenantId);
    const invoice = await pendingAppointmentInvoice(harness, tenant.tenantId, customer);
    return { ...tenant, customer, ...invoice, token: tenant.customerToken(customer) };
  }

  type Shop = Awaited<ReturnType<typeof pendingShop>>;

  /** The provider's PAID callback for the shop's invoice, paid at `paidAt`; waits until it is applied. */
  async function paid(shop: Shop, paidAt: Date) {
    const response = await request('POST', `/webhooks/gateway-invoice/tenant/${shop.tenantId}`, {
      headers: { 'x-callback-token': CALLBACK_TOKEN },
      body: {
        id: shop.gatewayId,
        external_id: shop.invoiceId,
        status: 'PAID',
        amount: 105000,
        paid_amount: 105000,
        payment_method: 'QRIS',
        paid_at: paidAt.toISOString(),
        currency: 'IDR',
      },
    });
    expect(response.status).toBe(200);
    await waitFor(async () => (await paymentOf(shop)).status === 'COMPLETED');
  }

  const cancelled = (shop: Shop, cancelledAt: Date): AppointmentCancelledV1 => ({
    ...appointmentSnapshotFixture({
      appointment_id: shop.appointmentId,
      tenant_id: shop.tenantId,
      customer_id: shop.customer,
      status: 'cancelled',
    }),
    cancelled_at: cancelledAt.toISOString(),
    cancelled_by: 'customer',
    late: false,
  });

  const onCancelled = () => onSchedulingAppointmentCancelled(harness.service.running.context);
  const onOrphaned = () => onSchedulingAppointmentPaymentOrphaned(harness.service.running.context);
  const orphaned = (shop: Shop) => ({
    appointment_id: shop.appointmentId,
    tenant_id: shop.tenantId,
    payment_id: shop.paymentId,
    amount: '105000.00',
    currency: 'IDR',
    appointment_status: 'cancelled' as const,
  });

  const paymentOf = async (shop: Shop) =>
    (
      await rows<{ status: string; refunded_amount: string | null }>(
        sql`SELECT status, refunded_amount::text FROM commerce.payments WHERE id = ${shop.paymentId}`,
      )
    )[0]!;
  const ledgerOf = (shop: Shop) =>
    rows<{ entry_type: string; base_amount: string; platform_fee: string; net_amount: string }>(
      sql`SELECT entry_type, base_amount::text, platform_fee::text, net_amount::text
          FROM commerce.merchant_ledger WHERE invoice_id = ${shop.invoiceId} ORDER BY entry_type`,
    );
  const walletOf = async (shop: Shop) =>
    (await request('GET', '/customer/wallet', { token: shop.token })).body as {
      balance: string;
      transactions: { kind: string; amount: string }[];
    };
  const refundAudits = (shop: Shop) =>
    rows(
      sql`SELECT 1 FROM commerce.audit_log WHERE entity_id = ${shop.paymentId} AND action = 'PAYMENT_REFUNDED'`,
    );
  /** The refunds announced for the shop's payment (the one published, and any other by then). */
  const refundsAnnounced = async (shop: Shop) => {
    await events.next('commerce.payment.refunded.v1', (event) => event.data.payment_id === shop.paymentId);
    return events
      .of('commerce.payment.refunded.v1')
      .filter((event) => event.data.payment_id === shop.paymentId);
  };

  const BOTH_WAYS = [
    { entry_type: 'credit', base_amount: '100000.00', platform_fee: '5000.00', net_amount: '95000.00' },
    { entry_type: 'reversal', base_amount: '-100000.00', platform_fee: '-5000.00', net_amount: '-95000.00' },
  ];

  it('a redelivered cancellation changes nothing: one refund, one reversal, one wallet credit', async () => {
    const shop = await pendingShop();
    await paid(shop, new Date(Date.now() - 60_000));
    const data = cancelled(shop, new Date());
    const envelope = newEvent('scheduling.appointment.cancelled.v1', data, {
      producer: 'scheduling',
      tenantId: shop.tenantId,
    });
    // The broker delivers the same event twice; then the same cancellation comes again under another event id.
    await harness.service.testBus.bus.publish([envelope]);
    await harness.service.testBus.bus.publish([envelope]);
    await waitFor(async () => (await paymentOf(shop)).status === 'REFUNDED');
    await handleInbox(
      harness.service,
      'scheduling.appointment.cancelled.v1',
      onCancelled(),
      data,
      'scheduling',
    );

    expect(await paymentOf(shop)).toEqual({ status: 'REFUNDED', refunded_amount: '105000.00' });
    expect(await ledgerOf(shop)).toEqual(BOTH_WAYS);
    const wallet = await walletOf(shop);
    expect(wallet.balance).toBe('105000.00');
    expect(wallet.transactions).toEqual([expect.objectContaining({ kind: 'refund', amount: '105000.00' })]);
    expect(await refundAudits(shop)).toHaveLength(1);
    expect(await refundsAnnounced(shop)).toHaveLength(1);
  });

  it('a payment arriving after the cancellation is refunded once, by whichever path gets there first', async () => {
    const shop = await pendingShop();
    const cancelledAt = new Date();
    // The cancellation first: nothing is paid yet, so there is nothing to refund.
    await handleInbox(
      harness.service,
      'scheduling.appointment.cancelled.v1',
      onCancelled(),
      cancelled(shop, cancelledAt),
      'scheduling',
    );
    expect((await paymentOf(shop)).status).toBe('PENDING');
    // The money arrives after the cancellation; scheduling reports it orphaned while the cancellation is
    // delivered again: both paths race for the one refund.
    await paid(shop, new Date(cancelledAt.getTime() + 1_000));
    await Promise.all([
      handleInbox(
        harness.service,
        'scheduling.appointment.payment_orphaned.v1',
        onOrphaned(),
        orphaned(shop),
      ),
      handleInbox(
        harness.service,
        'scheduling.appointment.cancelled.v1',
        onCancelled(),
        cancelled(shop, cancelledAt),
        'scheduling',
      ),
      handleInbox(
        harness.service,
        'scheduling.appointment.payment_orphaned.v1',
        onOrphaned(),
        orphaned(shop),
      ),
    ]);
    expect(await paymentOf(shop)).toEqual({ status: 'REFUNDED', refunded_amount: '105000.00' });
    expect(await ledgerOf(shop)).toEqual(BOTH_WAYS);
    expect((await walletOf(shop)).balance).toBe('105000.00');
    expect(await refundAudits(shop)).toHaveLength(1);
    expect(await refundsAnnounced(shop)).toHaveLength(1);
  });

  it('the provider reports the payment late (paid before the cancellation): the two refund paths race, one wins', async () => {
    const shop = await pendingShop();
    const cancelledAt = new Date();
    await paid(shop, new Date(cancelledAt.getTime() - 5_000));
    // Paid before the cancellation (the policy's refund) and reported orphaned too (scheduling saw the payment
    // after the cancellation): both at once, five times over.
    await Promise.all(
      Array.from({ length: 5 }, () => [
        handleInbox(
          harness.service,
          'scheduling.appointment.cancelled.v1',
          onCancelled(),
          cancelled(shop, cancelledAt),
          'scheduling',
        ),
        handleInbox(
          harness.service,
          'scheduling.appointment.payment_orphaned.v1',
          onOrphaned(),
          orphaned(shop),
        ),
      ]).flat(),
    );
    expect(await paymentOf(shop)).toEqual({ status: 'REFUNDED', refunded_amount: '105000.00' });
    expect(await ledgerOf(shop)).toEqual(BOTH_WAYS);
    expect((await walletOf(shop)).balance).toBe('105000.00');
    expect(await refundAudits(shop)).toHaveLength(1);
    expect(await refundsAnnounced(shop)).toHaveLength(1);
  });
});
