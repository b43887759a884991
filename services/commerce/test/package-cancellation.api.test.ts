import { sql } from 'drizzle-orm';
import type { StaffUpsertedV1 } from '@salon/contracts';
import { newId, selectRows } from '@salon/service-kit';
import { captureEvents, waitFor, type EventCapture } from '@salon/testing';
import { onSchedulingStaffUpserted } from '../src/events/handlers/scheduling.staff.upserted';
import { CALLBACK_TOKEN, handleInbox, packageShop, startCommerce, type CommerceHarness } from './helpers';

/**
 * POST /customer-packages/{id}/cancel: a package's unused credits voided and its payment refunded pro rata (the
 * unused credits' share) to the wallet, once, with the seller's commission reversed in the same share; a
 * payment that arrives for a package already cancelled goes to the wallet whole.
 */
describe('cancelling a customer package', () => {
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
  const cancel = (token: string, id: string, body?: unknown) =>
    request('POST', `/customer-packages/${id}/cancel`, { token, body });

  /** A package shop (10 cuts for 800,000) whose stylist Budi sells with a 2.5 % package commission. */
  async function shop() {
    const base = await packageShop(harness.service);
    const staff: StaffUpsertedV1 = {
      staff_id: newId(),
      tenant_id: base.tenantId,
      outlet_id: base.outlet,
      user_id: newId(),
      first_name: 'Budi',
      last_name: 'Santoso',
      display_name: 'Budi S.',
      email: `budi-${newId()}@example.com`,
      phone: null,
      position: 'Stylist',
      is_bookable: true,
      accepts_online_booking: true,
      service_ids: [],
      status: 'active',
      updated_at: new Date().toISOString(),
      version: 1,
    };
    await handleInbox(harness.service, 'scheduling.staff.upserted.v1', onSchedulingStaffUpserted, staff);
    const rule = await request('PUT', `/staff/${staff.staff_id}/commission`, {
      token: base.admin,
      body: { service_percent: '0', package_percent: '2.5' },
    });
    expect(rule.status).toBe(200);
    const seller = harness.service.signer.signStaffAccess({
      sub: staff.user_id!,
      role: 'STAFF',
      tenant_id: base.tenantId,
      outlet_ids: [],
      staff_id: staff.staff_id,
    });
    const manager = harness.service.signer.signStaffAccess({
      sub: newId(),
      role: 'OUTLET_MANAGER',
      tenant_id: base.tenantId,
      outlet_ids: [base.outlet],
    });
    return { ...base, staffId: staff.staff_id, seller, manager, token: base.customerToken(base.customer) };
  }

  const walletOf = async (token: string) =>
    (await request('GET', '/customer/wallet', { token })).body as {
      balance: string;
      transactions: { kind: string; amount: string }[];
    };
  const commissionOf = (customerPackageId: string) =>
    rows<{ kind: string; amount: string }>(
      sql`SELECT kind, amount::text FROM commerce.commission_entries
          WHERE source_type = 'package_sale' AND source_id = ${customerPackageId} ORDER BY kind`,
    );
  const ledgerOf = (customerPackageId: string) =>
    rows<{ entry_type: string; base_amount: string; net_amount: string }>(
      sql`SELECT l.entry_type, l.base_amount::text, l.net_amount::text
          FROM commerce.merchant_ledger l JOIN commerce.invoices i ON i.id = l.invoice_id
          WHERE i.customer_package_id = ${customerPackageId} ORDER BY l.entry_type`,
    );
  const refundsOf = (customerPackageId: string) =>
    events
      .of('commerce.payment.refunded.v1')
      .filter((event) => event.data.customer_package_id === customerPackageId);

  it('sold at the counter, three credits used: seven tenths refunded, commission reversed in part, once', async () => {
    const s = await shop();
    const sold = await request('POST', '/staff/customer-packages', {
      token: s.seller,
      body: {
        customer_id: s.customer,
        package_id: s.pkg.id,
        outlet_id: s.outlet,
        payment_method: 'manual_onspot',
        amount_paid: '800000',
      },
    });
    expect(sold.status).toBe(201);
    const id: string = sold.body.id;
    const redeemed = await request('POST', '/staff/customer-packages/credits/redeem', {
      token: s.seller,
      body: { customer_id: s.customer, service_id: s.cut, quantity: 3 },
    });
    expect(redeemed.status).toBe(200);

    // Only an admin or an outlet manager cancels; a bad id or body is refused before anything changes.
    expect((await cancel(s.seller, id)).status).toBe(403);
    expect((await cancel(s.staff('RECEPTIONIST'), id)).status).toBe(403);
    expect((await cancel(s.token, id)).status).toBe(403);
    expect((await cancel(s.manager, 'not-an-id')).status).toBe(422);
    expect((await cancel(s.manager, id, { reason: 42 })).status).toBe(422);
    expect((await cancel(s.manager, newId())).status).toBe(404);

    const cancelled = await cancel(s.manager, id, { reason: 'Moving abroad' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({
      customer_package_id: id,
      status: 'cancelled',
      credits_voided: 7,
      refund: {
        payment_id: expect.any(String),
        amount: '560000.00',
        kept: '240000.00',
        currency: 'IDR',
        refunded_to: 'wallet',
      },
    });
    // Cancelled twice: 409, nothing more.
    expect((await cancel(s.admin, id)).status).toBe(409);

    const wallet = await walletOf(s.token);
    expect(wallet.balance).toBe('560000.00');
    expect(wallet.transactions).toEqual([expect.objectContaining({ kind: 'refund', amount: '560000.00' })]);
    const after = await request('GET', `/customer/packages/${id}`, { token: s.token });
    expect(after.body).toMatchObject({ status: 'cancelled', remaining_credits: 0 });
    const more = await request('POST', '/staff/customer-packages/credits/redeem', {
      token: s.seller,
      body: { customer_id: s.customer, service_id: s.cut, quantity: 1 },
    });
    expect(more.status).toBe(400);
    // 2.5 % of 800,000 earned; the unused seven tenths of it taken back.
    expect(await commissionOf(id)).toEqual([
      { kind: 'earned', amount: '20000.00' },
      { kind: 'reversed', amount: '-14000.00' },
    ]);
    const [payment] = await rows<{ status: string; refunded_amount: string }>(
      sql`SELECT status, refunded_amount::text FROM commerce.payments WHERE id = ${cancelled.body.refund.payment_id}`,
    );
    expect(payment).toEqual({ status: 'REFUNDED', refunded_amount: '560000.00' });
    await events.next('commerce.payment.refunded.v1', (event) => event.data.customer_package_id === id);
    expect(refundsOf(id)).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ amount: '560000.00', fee_kept: '240000.00', appointment_id: null }),
      }),
    ]);
  });

  /** A package bought by the customer online: its invoice as the provider's callback names it. */
  async function boughtOnline(s: Awaited<ReturnType<typeof shop>>) {
    const bought = await request('POST', '/customer/packages/purchase', {
      token: s.token,
      body: { package_id: s.pkg.id, outlet_id: s.outlet },
    });
    expect(bought.status).toBe(201);
    const id: string = bought.body.customer_package.id;
    const [invoice] = await rows<{ id: string; gateway_invoice_id: string; amount: string }>(
      sql`SELECT id, gateway_invoice_id, amount::text AS amount FROM commerce.invoices WHERE customer_package_id = ${id}`,
    );
    const pay = () =>
      request('POST', `/webhooks/gateway-invoice/tenant/${s.tenantId}`, {
        headers: { 'x-callback-token': CALLBACK_TOKEN },
        body: {
          id: invoice!.gateway_invoice_id,
          external_id: invoice!.id,
          status: 'PAID',
          amount: Number(invoice!.amount),
          paid_amount: Number(invoice!.amount),
          payment_method: 'QRIS',
          paid_at: new Date().toISOString(),
          currency: 'IDR',
        },
      });
    return { id, pay };
  }

  it('paid online, nothing used: refunded whole, the ledger credit reversed once', async () => {
    const s = await shop();
    const { id, pay } = await boughtOnline(s);
    expect((await pay()).status).toBe(200);
    await waitFor(async () => (await ledgerOf(id)).length === 1);
    const cancelled = await cancel(s.admin, id);
    expect(cancelled.body).toMatchObject({
      credits_voided: 10,
      refund: { amount: '800000.00', kept: '0.00' },
    });
    expect(await ledgerOf(id)).toEqual([
      { entry_type: 'credit', base_amount: '800000.00', net_amount: '800000.00' },
      { entry_type: 'reversal', base_amount: '-800000.00', net_amount: '-800000.00' },
    ]);
    expect((await walletOf(s.token)).balance).toBe('800000.00');
  });

  it('cancelled while awaiting payment, then paid: the late money goes to the wallet whole, once', async () => {
    const s = await shop();
    const { id, pay } = await boughtOnline(s);
    const cancelled = await cancel(s.admin, id);
    expect(cancelled.body).toEqual({
      customer_package_id: id,
      status: 'cancelled',
      credits_voided: 0,
      refund: null,
    });
    expect((await walletOf(s.token)).balance).toBe('0.00');

    expect((await pay()).status).toBe(200);
    await waitFor(async () => (await walletOf(s.token)).balance === '800000.00');
    expect((await pay()).body).toEqual({ status: 'duplicate' });
    expect(await ledgerOf(id)).toEqual([
      { entry_type: 'credit', base_amount: '800000.00', net_amount: '800000.00' },
      { entry_type: 'reversal', base_amount: '-800000.00', net_amount: '-800000.00' },
    ]);
    const after = await request('GET', `/customer/packages/${id}`, { token: s.token });
    expect(after.body).toMatchObject({ status: 'cancelled', remaining_credits: 0, total_credits: 0 });
    await events.next('commerce.payment.refunded.v1', (event) => event.data.customer_package_id === id);
    expect(refundsOf(id)).toHaveLength(1);
    expect((await walletOf(s.token)).transactions).toHaveLength(1);
  });
});
