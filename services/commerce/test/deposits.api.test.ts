import { sql } from 'drizzle-orm';
import type { AppointmentSnapshot } from '@salon/contracts';
import {
  appointmentSnapshotFixture,
  captureEvents,
  TEST_INTERNAL_TOKEN,
  type EventCapture,
} from '@salon/testing';
import { newId, selectRows } from '@salon/service-kit';
import { onSchedulingAppointmentCancelled } from '../src/events/handlers/scheduling.appointment.cancelled';
import { onSchedulingAppointmentCreated } from '../src/events/handlers/scheduling.appointment.created';
import { onSchedulingAppointmentStatusChanged } from '../src/events/handlers/scheduling.appointment.status_changed';
import {
  addCustomer,
  addTenant,
  handleInbox,
  newTenant,
  onPlan,
  startCommerce,
  type CommerceHarness,
} from './helpers';

/**
 * Deposits, the rest of issue 22 item 1, in commerce: scheduling's question before a release (paid, or a PAID
 * callback stored and not yet applied), the deposit kept as a fee on a no-show or a late cancellation (one ledger
 * entry, never twice), refunded in full on an early cancellation, and counted towards the price on completion
 * (the balance is the price less the deposit, one balance payment).
 */
describe('deposits in commerce', () => {
  let harness: CommerceHarness;
  let events: EventCapture;
  beforeAll(async () => {
    harness = await startCommerce();
    events = await captureEvents(harness.service.testBus.bus, [
      'commerce.payment.completed.v1',
      'commerce.payment.refunded.v1',
    ]);
  });
  afterAll(() => harness.stop());

  const request = (...args: Parameters<CommerceHarness['service']['request']>) =>
    harness.service.request(...args);
  const db = () => harness.service.running.context.db.orm;
  const today = () => new Date().toISOString().slice(0, 10);

  /** A booking of 100,000 that owes a 25,000 deposit, on PRO (5 % fee), known to commerce. */
  async function booked() {
    const tenant = newTenant(harness.service);
    await addTenant(harness.service, tenant.tenantId);
    await onPlan(harness.service, tenant.tenantId, 'PRO');
    const customer = await addCustomer(harness.service, tenant.tenantId);
    const appointmentId = newId();
    let snapshot = appointmentSnapshotFixture({
      appointment_id: appointmentId,
      tenant_id: tenant.tenantId,
      customer_id: customer,
      status: 'pending',
      deposit_amount: '25000.00',
    });
    await handleInbox(
      harness.service,
      'scheduling.appointment.created.v1',
      onSchedulingAppointmentCreated,
      snapshot,
    );
    const token = tenant.customerToken(customer);
    const pay = () =>
      request('POST', '/customer/payments/process-appointment', {
        token,
        body: { appointment_id: appointmentId, payment_method: 'QRIS' },
      });
    /** The provider takes the money of a started payment; waits until commerce applied it. */
    const settle = async ({ payment_url, payment_id }: { payment_url: string; payment_id: string }) => {
      const invoice = [...harness.sandbox.invoices.values()].find((inv) => inv.invoice_url === payment_url);
      await harness.sandbox.pay(invoice?.id as string);
      await harness.sandbox.idle();
      await events.next('commerce.payment.completed.v1', (e) => e.data.payment_id === payment_id);
      return invoice!;
    };
    let lastChange: Parameters<typeof onSchedulingAppointmentStatusChanged>[0] | undefined;
    const moveTo = async (status: AppointmentSnapshot['status']) => {
      const previous = snapshot.status;
      snapshot = { ...snapshot, status, version: snapshot.version + 1 };
      lastChange = { ...snapshot, previous_status: previous };
      await handleInbox(
        harness.service,
        'scheduling.appointment.status_changed.v1',
        onSchedulingAppointmentStatusChanged,
        lastChange,
      );
    };
    /** The last change once more, as another event (a second path to the same outcome). */
    const changeAgain = () =>
      handleInbox(
        harness.service,
        'scheduling.appointment.status_changed.v1',
        onSchedulingAppointmentStatusChanged,
        lastChange!,
      );
    const cancel = async (late: boolean) => {
      snapshot = { ...snapshot, status: 'cancelled', version: snapshot.version + 1 };
      const deps = harness.service.running.context;
      await handleInbox(
        harness.service,
        'scheduling.appointment.cancelled.v1',
        onSchedulingAppointmentCancelled(deps),
        { ...snapshot, cancelled_at: new Date().toISOString(), cancelled_by: 'staff', late },
      );
    };
    const depositAnswer = () =>
      request('GET', `/internal/tenants/${tenant.tenantId}/appointments/${appointmentId}/deposit`, {
        headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      });
    return { ...tenant, customer, appointmentId, pay, settle, moveTo, changeAgain, cancel, depositAnswer };
  }

  /** A booking whose deposit (26,250 with the fee) is paid at the provider. */
  async function depositPaid() {
    const shop = await booked();
    const started = await shop.pay();
    expect(started.status).toBe(200);
    expect(started.body.amount).toBe('26250.00');
    await shop.settle(started.body);
    return { ...shop, paymentId: started.body.payment_id as string };
  }

  const ledgerOf = (appointmentId: string) =>
    selectRows<{ entry_type: string; base_amount: string; net_amount: string }>(
      db(),
      sql`SELECT l.entry_type, l.base_amount::text, l.net_amount::text FROM commerce.merchant_ledger l
          JOIN commerce.invoices i ON i.id = l.invoice_id
          WHERE i.appointment_id = ${appointmentId} ORDER BY l.created_at, l.entry_type`,
    );
  const paymentStatus = async (id: string) =>
    (
      await selectRows<{ status: string }>(db(), sql`SELECT status FROM commerce.payments WHERE id = ${id}`)
    )[0]?.status;

  it("answers scheduling's question: unpaid, a PAID callback stored but not applied yet, and paid", async () => {
    const shop = await booked();
    expect((await shop.depositAnswer()).body).toEqual({ appointment_id: shop.appointmentId, paid: false });

    // The customer paid at the last second: the provider's callback is stored, its application still to come.
    const started = await shop.pay();
    const [invoice] = await selectRows<{ gateway_invoice_id: string }>(
      db(),
      sql`SELECT gateway_invoice_id FROM commerce.invoices WHERE appointment_id = ${shop.appointmentId}`,
    );
    await db().execute(sql`
      INSERT INTO commerce.gateway_callbacks (id, tenant_id, gateway_invoice_id, status, payload, next_attempt_at)
      VALUES (${newId()}, ${shop.tenantId}, ${invoice!.gateway_invoice_id}, 'PAID', '{}'::jsonb,
        now() + interval '1 hour')`);
    expect((await shop.depositAnswer()).body.paid).toBe(true);
    await db().execute(
      sql`DELETE FROM commerce.gateway_callbacks WHERE gateway_invoice_id = ${invoice!.gateway_invoice_id}`,
    );
    expect((await shop.depositAnswer()).body.paid).toBe(false);

    await shop.settle(started.body);
    expect((await shop.depositAnswer()).body.paid).toBe(true);

    // Bad input is a 422 on the path; without the internal token the route does not exist (404).
    const bad = await request('GET', `/internal/tenants/${shop.tenantId}/appointments/nope/deposit`, {
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['path', 'appointment_id']);
    const anonymous = await request(
      'GET',
      `/internal/tenants/${shop.tenantId}/appointments/${shop.appointmentId}/deposit`,
    );
    expect(anonymous.status).toBe(404);
  });

  it('a no-show keeps the paid deposit as a fee: one ledger entry, no refund, a redelivery adds nothing', async () => {
    const shop = await depositPaid();
    await shop.moveTo('confirmed');
    await shop.moveTo('no_show');
    expect(await ledgerOf(shop.appointmentId)).toEqual([
      { entry_type: 'credit', base_amount: '25000.00', net_amount: '23750.00' },
      { entry_type: 'deposit_kept', base_amount: '25000.00', net_amount: '23750.00' },
    ]);
    // The same change again: still one entry.
    await shop.changeAgain();
    expect(await ledgerOf(shop.appointmentId)).toHaveLength(2);
    expect(await paymentStatus(shop.paymentId)).toBe('COMPLETED');

    const statement = await request('GET', `/merchant/statement?from=${today()}&to=${today()}`, {
      token: shop.admin,
    });
    expect(statement.body).toMatchObject({
      payments: { count: 1, gross: '25000.00', platform_fees: '1250.00' },
      refunds: { count: 0, amount: '0.00' },
      deposits_kept: { count: 1, amount: '25000.00' },
      owed_to_merchant: '23750.00',
    });
    const [audit] = await selectRows<{ details: { reason: string } }>(
      db(),
      sql`SELECT details FROM commerce.audit_log WHERE action = 'DEPOSIT_KEPT' AND entity_id = ${shop.paymentId}`,
    );
    expect(audit?.details.reason).toBe('no_show');
  });

  it('a cancellation inside cancellation_hours keeps the deposit; outside it, the deposit is refunded in full', async () => {
    const late = await depositPaid();
    await late.cancel(true);
    expect((await ledgerOf(late.appointmentId)).map((entry) => entry.entry_type)).toEqual([
      'credit',
      'deposit_kept',
    ]);
    expect(await paymentStatus(late.paymentId)).toBe('COMPLETED');

    const early = await depositPaid();
    await early.cancel(false);
    expect(await paymentStatus(early.paymentId)).toBe('REFUNDED');
    const refund = await events.next(
      'commerce.payment.refunded.v1',
      (e) => e.data.appointment_id === early.appointmentId,
    );
    expect(refund.data).toMatchObject({ amount: '26250.00', fee_kept: '0.00' });
    expect((await ledgerOf(early.appointmentId)).map((entry) => entry.entry_type)).toEqual([
      'credit',
      'reversal',
    ]);
  });

  it('a completed appointment counts the deposit: one balance payment of the price less the deposit', async () => {
    const shop = await depositPaid();
    await shop.moveTo('confirmed');
    // Before completion the deposit is what was due.
    const early = await shop.pay();
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(
      'Deposit already paid: the balance is due once the appointment is completed',
    );

    await shop.moveTo('completed');
    const balance = await shop.pay();
    expect(balance.status).toBe(200);
    // 100,000 − 25,000 = 75,000, plus PRO's 5 % fee.
    expect(balance.body.amount).toBe('78750.00');
    const [invoice] = await selectRows<{ lines: { description: string }[]; metadata: object }>(
      db(),
      sql`SELECT lines, metadata FROM commerce.invoices
          WHERE appointment_id = ${shop.appointmentId} AND payment_id = ${balance.body.payment_id}`,
    );
    expect(invoice?.lines[0]?.description).toBe('Balance: Haircut');
    expect(invoice?.metadata).toMatchObject({ part: 'balance', base_amount: '75000.00' });
    // One balance payment: a second while it is open is refused.
    expect((await shop.pay()).status).toBe(409);
    await shop.settle(balance.body);
    expect((await ledgerOf(shop.appointmentId)).map((entry) => entry.base_amount)).toEqual([
      '25000.00',
      '75000.00',
    ]);
    const again = await shop.pay();
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Appointment already paid');
  });
});
