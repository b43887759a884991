import { sql } from 'drizzle-orm';
import { captureEvents, waitFor, type EventCapture } from '@salon/testing';
import { metricsRegistry, newId, selectRows } from '@salon/service-kit';
import { CALLBACK_TOKEN, newTenant, packageShop, startCommerce, type CommerceHarness } from './helpers';
import { pendingAppointmentInvoice } from './appointment-invoice';

describe('POST /webhooks/gateway-invoice/tenant/{tenant_id}', () => {
  let harness: CommerceHarness;
  let events: EventCapture;
  beforeAll(async () => {
    // Sweeps and retries fast enough for a test to watch them.
    harness = await startCommerce({
      GATEWAY_CALLBACK_SWEEP_MS: '200',
      GATEWAY_CALLBACK_RETRY_BASE_MS: '200',
      GATEWAY_CALLBACK_MAX_ATTEMPTS: '5',
    });
    events = await captureEvents(harness.service.testBus.bus, ['commerce.payment.completed.v1']);
  });
  afterAll(() => harness.stop());

  const request = (...args: Parameters<CommerceHarness['service']['request']>) =>
    harness.service.request(...args);
  const db = () => harness.service.running.context.db.orm;
  const count = async (query: ReturnType<typeof sql>) =>
    (await selectRows<{ n: number }>(db(), query))[0]?.n ?? 0;

  /** A customer's gateway purchase of a 10-haircut package: its ids and the provider invoice. */
  async function purchased() {
    const { cut, outlet, customer, pkg, ...tenant } = await packageShop(harness.service);
    const token = tenant.customerToken(customer);
    const response = await request('POST', '/customer/packages/purchase', {
      token,
      body: { package_id: pkg.id, outlet_id: outlet },
    });
    expect(response.status).toBe(201);
    const url: string = response.body.invoice.payment_url;
    const providerInvoice = [...harness.sandbox.invoices.values()].find((inv) => inv.invoice_url === url);
    if (!providerInvoice) throw new Error('no provider invoice');
    return {
      ...tenant,
      token,
      customer,
      cut,
      customerPackageId: response.body.customer_package.id as string,
      invoiceId: response.body.invoice.id as string,
      providerInvoice,
    };
  }

  const callback = (tenantId: string, body: Record<string, unknown>, token: string | null = CALLBACK_TOKEN) =>
    request('POST', `/webhooks/gateway-invoice/tenant/${tenantId}`, {
      body,
      headers: token === null ? {} : { 'x-callback-token': token },
    });

  const paidBody = (invoice: { id: string; external_id: string; amount: number }) => ({
    id: invoice.id,
    external_id: invoice.external_id,
    user_id: 'x',
    status: 'PAID',
    amount: invoice.amount,
    paid_amount: invoice.amount,
    payment_method: 'QRIS',
    payment_channel: 'QRIS',
    paid_at: new Date().toISOString(),
    currency: 'IDR',
  });

  async function packageState(tenantId: string, id: string, token: string) {
    return (await request('GET', `/customer/packages/${id}`, { token })).body;
  }

  /** Waits until the package reaches `state` (the callback's effects come after its acknowledgement). */
  const packageBecomes = (tenantId: string, id: string, token: string, state: Record<string, unknown>) =>
    waitFor(async () => {
      const current = await packageState(tenantId, id, token);
      return Object.entries(state).every(([key, value]) => current[key] === value) && current;
    });

  interface CallbackRow {
    status: string;
    outcome: string | null;
    attempts: number;
    last_error: string | null;
    processed_at: string | null;
  }
  const callbackRows = (gatewayInvoiceId: string) =>
    selectRows<CallbackRow>(
      db(),
      sql`SELECT status, outcome, attempts, last_error, processed_at::text FROM commerce.gateway_callbacks
          WHERE gateway_invoice_id = ${gatewayInvoiceId} ORDER BY received_at`,
    );
  /** Waits until the stored callback of (provider invoice, status) has an outcome; returns its row. */
  const callbackFinished = (gatewayInvoiceId: string, status = 'PAID') =>
    waitFor(async () => {
      const row = (await callbackRows(gatewayInvoiceId)).find((candidate) => candidate.status === status);
      return row?.outcome ? row : undefined;
    });
  const invoiceStatus = async (invoiceId: string) =>
    (
      await selectRows<{ status: string }>(
        db(),
        sql`SELECT status FROM commerce.invoices WHERE id = ${invoiceId}`,
      )
    )[0]?.status;
  const ledgerCredits = (invoiceId: string) =>
    count(sql`SELECT count(*)::int AS n FROM commerce.merchant_ledger WHERE invoice_id = ${invoiceId}`);

  it('forged or missing token: 401 and nothing changes', async () => {
    const { tenantId, providerInvoice, customerPackageId, token, invoiceId } = await purchased();
    for (const given of ['wrong-token-wrong-token-wrong', null, CALLBACK_TOKEN.slice(0, -1)]) {
      const response = await callback(tenantId, paidBody(providerInvoice), given);
      expect(response.status).toBe(401);
    }
    expect(await packageState(tenantId, customerPackageId, token)).toMatchObject({
      status: 'pending_payment',
      total_credits: 0,
    });
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM commerce.webhook_receipts WHERE tenant_id = ${tenantId}`,
      ),
    ).toBe(0);
    expect(await callbackRows(providerInvoice.id)).toEqual([]);
    expect(await ledgerCredits(invoiceId)).toBe(0);
  });

  it('refuses another tenant’s invoice (404), a wrong amount or paid amount (400), changing nothing', async () => {
    const { tenantId, providerInvoice, customerPackageId, token } = await purchased();
    expect((await callback(newId(), paidBody(providerInvoice))).status).toBe(404);
    expect((await callback(tenantId, { ...paidBody(providerInvoice), amount: 1 })).status).toBe(400);
    const underpaid = await callback(tenantId, { ...paidBody(providerInvoice), paid_amount: 1 });
    expect(underpaid.status).toBe(400);
    expect(underpaid.body.detail).toMatch(/^Callback paid_amount 1 does not match the invoice total/);
    expect((await callback(tenantId, { id: providerInvoice.id })).status).toBe(422);
    expect(await packageState(tenantId, customerPackageId, token)).toMatchObject({
      status: 'pending_payment',
    });
    expect(await callbackRows(providerInvoice.id)).toEqual([]);
  });

  it('a status the invoice protocol does not have (FAILED, PENDING) is 422 on body.status, stored nowhere', async () => {
    // Xendit's invoice callbacks carry PAID, SETTLED or EXPIRED only (its InvoiceStatus enum has PENDING, PAID,
    // SETTLED, EXPIRED, and PENDING is never called back): a failed attempt is retried on the hosted page, and
    // the invoice ends EXPIRED. Anything else is refused like any malformed body, never silently acknowledged.
    const { tenantId, providerInvoice, customerPackageId, token } = await purchased();
    for (const status of ['FAILED', 'PENDING', 'paid']) {
      const response = await callback(tenantId, { ...paidBody(providerInvoice), status });
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'status'] })]);
    }
    expect(await packageState(tenantId, customerPackageId, token)).toMatchObject({
      status: 'pending_payment',
    });
    expect(await callbackRows(providerInvoice.id)).toEqual([]);
  });

  it('counts every refused callback by reason (payment_callbacks_rejected_total), and nothing for one stored', async () => {
    const rejected = async () =>
      Object.fromEntries(
        (
          (await metricsRegistry.getSingleMetric('payment_callbacks_rejected_total')?.get())?.values ?? []
        ).map((value) => [value.labels.reason, value.value]),
      );
    const before = await rejected();
    // Registered at start-up: every reason is a series before any callback was refused.
    expect(Object.keys(before).sort()).toEqual(
      ['amount_mismatch', 'invalid_body', 'invalid_token', 'unknown_invoice'].sort(),
    );
    const { tenantId, providerInvoice } = await purchased();
    expect(
      (await callback(tenantId, paidBody(providerInvoice), 'wrong-token-wrong-token-wrong')).status,
    ).toBe(401);
    expect((await callback(tenantId, { id: providerInvoice.id })).status).toBe(422);
    expect((await callback(newId(), paidBody(providerInvoice))).status).toBe(404);
    expect((await callback(tenantId, { ...paidBody(providerInvoice), amount: 1 })).status).toBe(400);
    expect((await callback(tenantId, { ...paidBody(providerInvoice), paid_amount: 1 })).status).toBe(400);
    expect((await callback(tenantId, paidBody(providerInvoice))).status).toBe(200);
    const after = await rejected();
    expect({
      invalid_token: after.invalid_token! - before.invalid_token!,
      invalid_body: after.invalid_body! - before.invalid_body!,
      unknown_invoice: after.unknown_invoice! - before.unknown_invoice!,
      amount_mismatch: after.amount_mismatch! - before.amount_mismatch!,
    }).toEqual({ invalid_token: 1, invalid_body: 1, unknown_invoice: 1, amount_mismatch: 2 });
  });

  it('50 concurrent identical callbacks: one activation, one ledger credit, one event', async () => {
    const { tenantId, providerInvoice, customerPackageId, token, invoiceId } = await purchased();
    const body = paidBody(providerInvoice);
    const responses = await Promise.all(Array.from({ length: 50 }, () => callback(tenantId, body)));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(responses.filter((r) => r.body.status === 'accepted')).toHaveLength(1);
    expect(responses.filter((r) => r.body.status === 'duplicate')).toHaveLength(49);
    expect(await callbackFinished(providerInvoice.id)).toMatchObject({ outcome: 'processed', attempts: 1 });
    expect(await packageState(tenantId, customerPackageId, token)).toMatchObject({
      status: 'active',
      payment_status: 'paid',
      total_credits: 10,
      remaining_credits: 10,
      amount_paid: '800000.00',
    });
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM commerce.credits WHERE customer_package_id = ${customerPackageId}`,
      ),
    ).toBe(1);
    const ledger = await selectRows<{ base_amount: string; platform_fee: string; net_amount: string }>(
      db(),
      sql`SELECT base_amount::text, platform_fee::text, net_amount::text FROM commerce.merchant_ledger
          WHERE invoice_id = ${invoiceId}`,
    );
    expect(ledger).toEqual([{ base_amount: '800000.00', platform_fee: '0.00', net_amount: '800000.00' }]);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM commerce.audit_log WHERE entity_id = ${invoiceId} AND action = 'INVOICE_PAID'`,
      ),
    ).toBe(1);
    expect(await invoiceStatus(invoiceId)).toBe('PAID');
    const status = await request('GET', `/customer/packages/${customerPackageId}/payment-status`, { token });
    expect(status.body).toMatchObject({
      is_paid: true,
      total_paid: '800000.00',
      payments: [{ provider: 'gateway', status: 'completed' }],
    });
    await events.next(
      'commerce.payment.completed.v1',
      (e) => e.data.customer_package_id === customerPackageId,
    );

    // SETTLED later is the same payment; EXPIRED out of order cannot move a paid invoice back.
    expect((await callback(tenantId, { ...body, status: 'SETTLED' })).body.status).toBe('duplicate');
    expect((await callback(tenantId, { ...body, status: 'EXPIRED' })).body.status).toBe('accepted');
    expect(await callbackFinished(providerInvoice.id, 'EXPIRED')).toMatchObject({ outcome: 'ignored' });
    expect(await invoiceStatus(invoiceId)).toBe('PAID');
  });

  it('EXPIRED: payment failed, package stays pending without credits', async () => {
    const { tenantId, providerInvoice, customerPackageId, token } = await purchased();
    const response = await callback(tenantId, { ...paidBody(providerInvoice), status: 'EXPIRED' });
    expect(response.body.status).toBe('accepted');
    expect(await callbackFinished(providerInvoice.id, 'EXPIRED')).toMatchObject({ outcome: 'processed' });
    expect(await packageState(tenantId, customerPackageId, token)).toMatchObject({
      status: 'pending_payment',
      payment_status: 'failed',
      total_credits: 0,
    });
    const status = await request('GET', `/customer/packages/${customerPackageId}/payment-status`, { token });
    expect(status.body.payments).toMatchObject([{ status: 'failed' }]);
  });

  it('appointment invoice: payment COMPLETED, invoice PAID, event for scheduling, ledger base minus fee', async () => {
    const tenant = newTenant(harness.service);
    const customerId = newId();
    const { appointmentId, invoiceId, paymentId, gatewayId } = await pendingAppointmentInvoice(
      harness,
      tenant.tenantId,
      customerId,
    );
    const response = await callback(
      tenant.tenantId,
      paidBody({ id: gatewayId, external_id: invoiceId, amount: 105000 }),
    );
    expect(response.body.status).toBe('accepted');
    expect(await callbackFinished(gatewayId)).toMatchObject({ outcome: 'processed' });
    const [payment] = await selectRows<{ status: string }>(
      db(),
      sql`SELECT status FROM commerce.payments WHERE id = ${paymentId}`,
    );
    expect(payment?.status).toBe('COMPLETED');
    const event = await events.next('commerce.payment.completed.v1', (e) => e.data.payment_id === paymentId);
    expect(event.data).toMatchObject({
      appointment_id: appointmentId,
      amount: '105000.00',
      tenant_id: tenant.tenantId,
    });
    const ledger = await selectRows<{ base_amount: string; platform_fee: string; net_amount: string }>(
      db(),
      sql`SELECT base_amount::text, platform_fee::text, net_amount::text FROM commerce.merchant_ledger WHERE invoice_id = ${invoiceId}`,
    );
    expect(ledger).toEqual([{ base_amount: '100000.00', platform_fee: '5000.00', net_amount: '95000.00' }]);
  });

  it('full flow: purchase → pay on the hosted page over HTTP → sandbox callback → package active', async () => {
    const { providerInvoice, customerPackageId, token, tenantId } = await purchased();
    const page = await fetch(providerInvoice.invoice_url);
    const html = await page.text();
    expect(html).toContain('800000');
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(action).toBeDefined();
    const paid = await fetch(new URL(action as string, providerInvoice.invoice_url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment_method: 'QRIS' }).toString(),
    });
    expect(paid.status).toBe(200);
    await harness.sandbox.idle();
    const delivery = harness.sandbox.deliveries.find((d) => d.invoice_id === providerInvoice.id);
    expect(delivery).toMatchObject({ delivered: true, status: 'PAID' });
    expect(delivery?.url).toContain(`/api/v1/webhooks/gateway-invoice/tenant/${tenantId}`);
    expect(
      await packageBecomes(tenantId, customerPackageId, token, { status: 'active', payment_status: 'paid' }),
    ).toMatchObject({ total_credits: 10 });
  });
  it('acknowledges without waiting for the effect: a locked invoice delays only the apply', async () => {
    const { tenantId, providerInvoice, customerPackageId, token, invoiceId } = await purchased();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let lockTaken = () => {};
    const locked = new Promise<void>((resolve) => (lockTaken = resolve));
    // Another connection holds the invoice row, as a slow transaction elsewhere would.
    const holder = harness.service.running.context.db.withTx(async (tx) => {
      await tx.execute(sql`SELECT id FROM commerce.invoices WHERE id = ${invoiceId} FOR UPDATE`);
      lockTaken();
      await released;
    });
    await locked;
    const began = performance.now();
    const response = await callback(tenantId, paidBody(providerInvoice));
    const ackMs = performance.now() - began;
    try {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'accepted' });
      expect(ackMs).toBeLessThan(1_000);
      // The processor has claimed the row and waits for the invoice: nothing applied yet.
      await waitFor(async () => (await callbackRows(providerInvoice.id))[0]?.attempts === 1);
      expect(await callbackRows(providerInvoice.id)).toMatchObject([{ outcome: null, processed_at: null }]);
      expect(await invoiceStatus(invoiceId)).toBe('PENDING');
    } finally {
      release();
      await holder;
    }
    expect(await callbackFinished(providerInvoice.id)).toMatchObject({ outcome: 'processed', attempts: 1 });
    expect(await packageState(tenantId, customerPackageId, token)).toMatchObject({
      status: 'active',
      total_credits: 10,
    });
    expect(await ledgerCredits(invoiceId)).toBe(1);
  });

  it('the sweep applies a stored callback nobody kicked (a crash after the commit)', async () => {
    const { tenantId, providerInvoice, customerPackageId, token, invoiceId } = await purchased();
    await db().execute(
      sql`INSERT INTO commerce.gateway_callbacks (id, tenant_id, gateway_invoice_id, status, payload)
          VALUES (${newId()}, ${tenantId}, ${providerInvoice.id}, 'PAID',
            ${JSON.stringify(paidBody(providerInvoice))}::jsonb)`,
    );
    expect(await callbackFinished(providerInvoice.id)).toMatchObject({ outcome: 'processed', attempts: 1 });
    expect(await packageState(tenantId, customerPackageId, token)).toMatchObject({
      status: 'active',
      total_credits: 10,
    });
    expect(await ledgerCredits(invoiceId)).toBe(1);
    // The provider's retry of the same callback finds it stored.
    expect((await callback(tenantId, paidBody(providerInvoice))).body).toEqual({ status: 'duplicate' });
  });

  /** Makes every merchant credit of `invoiceId` fail, as a broken database object would; returns the undo. */
  async function refuseLedgerCredit(invoiceId: string) {
    const name = sql.identifier(`refuse_ledger_${invoiceId}`);
    await db().execute(
      sql`CREATE FUNCTION commerce.${name}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF NEW.invoice_id = ${sql.raw(`'${invoiceId}'`)} THEN RAISE EXCEPTION 'ledger refused by the test'; END IF;
            RETURN NEW;
          END $$`,
    );
    await db().execute(
      sql`CREATE TRIGGER ${name} BEFORE INSERT ON commerce.merchant_ledger
          FOR EACH ROW EXECUTE FUNCTION commerce.${name}()`,
    );
    return async () => {
      await db().execute(sql`DROP TRIGGER ${name} ON commerce.merchant_ledger`);
      await db().execute(sql`DROP FUNCTION commerce.${name}()`);
    };
  }

  it('a failing apply is recorded, changes nothing, and is retried until it succeeds', async () => {
    const { tenantId, providerInvoice, customerPackageId, token, invoiceId } = await purchased();
    const allow = await refuseLedgerCredit(invoiceId);
    try {
      expect((await callback(tenantId, paidBody(providerInvoice))).body).toEqual({ status: 'accepted' });
      const retried = await waitFor(async () => {
        const [row] = await callbackRows(providerInvoice.id);
        return row && row.attempts >= 2 && row.last_error !== null ? row : undefined;
      });
      expect(retried).toMatchObject({ outcome: null, processed_at: null });
      expect(retried.last_error).toContain('ledger refused by the test');
      // Each attempt rolled back whole: no receipt, invoice still open, package not active.
      expect(await invoiceStatus(invoiceId)).toBe('PENDING');
      expect(await packageState(tenantId, customerPackageId, token)).toMatchObject({
        status: 'pending_payment',
      });
    } finally {
      await allow();
    }
    const finished = await callbackFinished(providerInvoice.id);
    expect(finished).toMatchObject({ outcome: 'processed' });
    expect(finished.attempts).toBeGreaterThanOrEqual(2);
    expect(finished.last_error).toContain('ledger refused by the test');
    expect(await ledgerCredits(invoiceId)).toBe(1);
    expect(await packageState(tenantId, customerPackageId, token)).toMatchObject({ status: 'active' });
  });

  it('gives up after the last attempt: outcome failed, counted, never retried', async () => {
    const failedCount = async () =>
      (await metricsRegistry.getSingleMetric('gateway_callbacks_total')?.get())?.values.find(
        (value) => value.labels.outcome === 'failed',
      )?.value ?? 0;
    const before = await failedCount();
    const { tenantId, providerInvoice, invoiceId } = await purchased();
    const allow = await refuseLedgerCredit(invoiceId);
    try {
      // Four attempts already failed (of the five this harness allows); the next one is the last.
      await db().execute(
        sql`INSERT INTO commerce.gateway_callbacks (id, tenant_id, gateway_invoice_id, status, payload, attempts)
            VALUES (${newId()}, ${tenantId}, ${providerInvoice.id}, 'PAID',
              ${JSON.stringify(paidBody(providerInvoice))}::jsonb, 4)`,
      );
      const failed = await callbackFinished(providerInvoice.id);
      expect(failed).toMatchObject({ outcome: 'failed', attempts: 5, processed_at: null });
      expect(failed.last_error).toContain('ledger refused by the test');
      expect(await failedCount()).toBe(before + 1);
    } finally {
      await allow();
    }
    // Nothing claims a failed row again, sweep after sweep.
    await new Promise((resolve) => setTimeout(resolve, 3 * 200));
    expect(await callbackRows(providerInvoice.id)).toMatchObject([{ outcome: 'failed', attempts: 5 }]);
    expect(await invoiceStatus(invoiceId)).toBe('PENDING');
    expect(await ledgerCredits(invoiceId)).toBe(0);
  });
});
