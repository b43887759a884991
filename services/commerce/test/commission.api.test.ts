import type { AppointmentSnapshot, StaffUpsertedV1 } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import { appointmentSnapshotFixture, localDate } from '@salon/testing';
import { onSchedulingAppointmentCreated } from '../src/events/handlers/scheduling.appointment.created';
import { onSchedulingAppointmentStatusChanged } from '../src/events/handlers/scheduling.appointment.status_changed';
import { onSchedulingStaffUpserted } from '../src/events/handlers/scheduling.staff.upserted';
import {
  addCustomer,
  addService,
  createdPackage,
  handleInbox,
  packageShop,
  startCommerce,
  type CommerceHarness,
} from './helpers';

/** Staff commission: rules, earnings on completed appointments and paid package sales, refunds, the report. */
describe('staff commission', () => {
  let harness: CommerceHarness;
  beforeAll(async () => {
    harness = await startCommerce();
  });
  afterAll(() => harness.stop());

  const request = (...args: Parameters<CommerceHarness['service']['request']>) =>
    harness.service.request(...args);

  async function addStaff(tenantId: string, outletId: string, userId: string | null = newId()) {
    const data: StaffUpsertedV1 = {
      staff_id: newId(),
      tenant_id: tenantId,
      outlet_id: outletId,
      user_id: userId,
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
    await handleInbox(harness.service, 'scheduling.staff.upserted.v1', onSchedulingStaffUpserted, data);
    return { staffId: data.staff_id, userId };
  }

  async function shopWithStaff() {
    const shop = await packageShop(harness.service);
    const color = await addService(harness.service, shop.tenantId, { name: 'Colour' });
    const budi = await addStaff(shop.tenantId, shop.outlet);
    const sign = (role: 'OUTLET_MANAGER' | 'STAFF' | 'RECEPTIONIST', extra: Record<string, unknown> = {}) =>
      harness.service.signer.signStaffAccess({
        sub: newId(),
        role,
        tenant_id: shop.tenantId,
        outlet_ids: [shop.outlet],
        ...extra,
      });
    return { ...shop, color, budi, sign };
  }

  /** The appointment as scheduling announces it: created, then its status changed to `status`. */
  async function appointment(
    tenantId: string,
    customerId: string,
    lines: { service_id: string; staff_id: string; price: string }[],
    startsAt: string,
    status: AppointmentSnapshot['status'] = 'completed',
  ) {
    const snapshot = appointmentSnapshotFixture({
      tenant_id: tenantId,
      customer_id: customerId,
      starts_at: startsAt,
      services: lines.map((line, index) => ({
        ...line,
        service_name: index === 0 ? 'Haircut' : 'Colour',
        staff_name: 'Budi',
        start_time: '10:00:00',
        end_time: '10:45:00',
        duration_minutes: 45,
        currency: 'IDR',
        price_source: 'base_price' as const,
      })),
      total_price: '0.00',
    });
    await handleInbox(
      harness.service,
      'scheduling.appointment.created.v1',
      onSchedulingAppointmentCreated,
      snapshot,
    );
    const changed = { ...snapshot, status, previous_status: 'confirmed' as const, version: 2 };
    await handleInbox(
      harness.service,
      'scheduling.appointment.status_changed.v1',
      onSchedulingAppointmentStatusChanged,
      changed,
    );
    return { snapshot, changed };
  }

  const report = (token: string, staffId: string, from: string, to: string) =>
    request('GET', `/staff/${staffId}/commission/report?from=${from}&to=${to}`, { token });

  it('sets and reads a rule: the admin and the outlet manager; STAFF reads only its own; bad input is 4xx', async () => {
    const shop = await shopWithStaff();
    const path = `/staff/${shop.budi.staffId}/commission`;
    const before = await request('GET', path, { token: shop.admin });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ service_percent: '0.00', package_percent: '0.00', updated_at: null });

    const set = await request('PUT', path, {
      token: shop.admin,
      body: {
        service_percent: 10,
        package_percent: '5',
        service_overrides: [{ service_id: shop.color, percent: '12.5' }],
      },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      staff_id: shop.budi.staffId,
      service_percent: '10.00',
      package_percent: '5.00',
      service_overrides: [{ service_id: shop.color, percent: '12.50' }],
    });

    expect((await request('GET', path, { token: shop.sign('OUTLET_MANAGER') })).status).toBe(200);
    const managerElsewhere = harness.service.signer.signStaffAccess({
      sub: newId(),
      role: 'OUTLET_MANAGER',
      tenant_id: shop.tenantId,
      outlet_ids: [newId()],
    });
    for (const method of ['GET', 'PUT'] as const) {
      const refused = await request(method, path, {
        token: managerElsewhere,
        body: method === 'PUT' ? { service_percent: 1, package_percent: 1 } : undefined,
      });
      expect(refused.status).toBe(403);
      expect(typeof refused.body.detail).toBe('string');
    }
    const own = shop.sign('STAFF', { staff_id: shop.budi.staffId });
    expect((await request('GET', path, { token: own })).status).toBe(200);
    expect(
      (await request('PUT', path, { token: own, body: { service_percent: 50, package_percent: 50 } })).status,
    ).toBe(403);
    const other = shop.sign('STAFF', { staff_id: newId() });
    expect((await request('GET', path, { token: other })).status).toBe(403);
    expect((await request('GET', path, { token: shop.sign('RECEPTIONIST') })).status).toBe(403);

    const tooMuch = await request('PUT', path, {
      token: shop.admin,
      body: { service_percent: 150, package_percent: 1 },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.detail[0].loc).toEqual(['body', 'service_percent']);
    const unknownService = await request('PUT', path, {
      token: shop.admin,
      body: {
        service_percent: 1,
        package_percent: 1,
        service_overrides: [{ service_id: newId(), percent: 3 }],
      },
    });
    expect(unknownService.status).toBe(400);
    expect((await request('GET', `/staff/${newId()}/commission`, { token: shop.admin })).status).toBe(404);
    expect((await request('GET', '/staff/not-an-id/commission', { token: shop.admin })).status).toBe(422);
    expect((await request('GET', path, { token: shop.customerToken(shop.customer) })).status).toBe(403);
  });

  it('earns on completed appointments (override per service, once) and paid package sales; the report adds up', async () => {
    const shop = await shopWithStaff();
    await request('PUT', `/staff/${shop.budi.staffId}/commission`, {
      token: shop.admin,
      body: {
        service_percent: '10',
        package_percent: '2.5',
        service_overrides: [{ service_id: shop.color, percent: '12.5' }],
      },
    });
    const lines = [
      { service_id: shop.cut, staff_id: shop.budi.staffId, price: '150000.00' },
      { service_id: shop.color, staff_id: shop.budi.staffId, price: '99999.00' },
    ];
    // 2030-01-10 10:00 in Jakarta; one on 2030-01-20 outside the period; one not completed
    const inside = await appointment(shop.tenantId, shop.customer, lines, '2030-01-10T03:00:00.000Z');
    await appointment(shop.tenantId, shop.customer, lines, '2030-01-20T03:00:00.000Z');
    await appointment(shop.tenantId, shop.customer, lines, '2030-01-11T03:00:00.000Z', 'no_show');
    // the completion delivered again (a new event id, the same appointment) earns nothing more
    await handleInbox(
      harness.service,
      'scheduling.appointment.status_changed.v1',
      onSchedulingAppointmentStatusChanged,
      inside.changed,
    );
    // 2030-01-15T17:30Z is 00:30 on the 16th in Jakarta: the tenant's day, not UTC's, decides
    await appointment(shop.tenantId, shop.customer, [lines[0]!], '2030-01-15T17:30:00.000Z');

    // a package sold on the spot by Budi (his user's token)
    const seller = harness.service.signer.signStaffAccess({
      sub: newId(),
      role: 'STAFF',
      tenant_id: shop.tenantId,
      outlet_ids: [],
      staff_id: shop.budi.staffId,
    });
    const sold = await request('POST', '/staff/customer-packages', {
      token: seller,
      body: {
        customer_id: shop.customer,
        package_id: shop.pkg.id,
        outlet_id: shop.outlet,
        payment_method: 'manual_onspot',
        amount_paid: '800000',
      },
    });
    expect(sold.status).toBe(201);

    const today = localDate('Asia/Jakarta');
    const jan = await report(shop.admin, shop.budi.staffId, '2030-01-01', '2030-01-15');
    expect(jan.status).toBe(200);
    expect(jan.body).toMatchObject({
      staff_id: shop.budi.staffId,
      staff_name: 'Budi S.',
      timezone: 'Asia/Jakarta',
      currency: 'IDR',
      totals: { appointments: '27499.88', package_sales: '0.00', reversals: '0.00', total: '27499.88' },
    });
    // 10% of 150000 = 15000.00; 12.5% of 99999 = 12499.875 → 12499.88
    expect(jan.body.lines.map((l: { rate: string; amount: string }) => [l.rate, l.amount])).toEqual([
      ['10.00', '15000.00'],
      ['12.50', '12499.88'],
    ]);
    const late = await report(shop.admin, shop.budi.staffId, '2030-01-16', '2030-01-16');
    expect(late.body.lines).toHaveLength(1);
    expect(late.body.lines[0]).toMatchObject({ local_date: '2030-01-16', amount: '15000.00' });

    const sale = await report(seller, shop.budi.staffId, today, today);
    expect(sale.status).toBe(200);
    expect(sale.body.totals).toEqual({
      appointments: '0.00',
      package_sales: '20000.00',
      reversals: '0.00',
      total: '20000.00',
    });

    // a later rule change leaves past earnings as they were
    await request('PUT', `/staff/${shop.budi.staffId}/commission`, {
      token: shop.admin,
      body: { service_percent: '50', package_percent: '50' },
    });
    expect((await report(shop.admin, shop.budi.staffId, '2030-01-01', '2030-01-15')).body.totals.total).toBe(
      '27499.88',
    );
    // bad periods
    expect((await report(shop.admin, shop.budi.staffId, '2030-01-15', '2030-01-01')).status).toBe(422);
    expect((await report(shop.admin, shop.budi.staffId, '2030-01-01', 'soon')).status).toBe(422);
    expect(
      (await report(shop.sign('STAFF', { staff_id: newId() }), shop.budi.staffId, today, today)).status,
    ).toBe(403);
  });

  it('a partial refund of a completed appointment takes back its share of the commission, once', async () => {
    const shop = await shopWithStaff();
    await request('PUT', `/staff/${shop.budi.staffId}/commission`, {
      token: shop.admin,
      body: { service_percent: '10', package_percent: '0' },
    });
    const customer = await addCustomer(harness.service, shop.tenantId, { email: `c-${newId()}@example.com` });
    const credited = await request('POST', `/customers/${customer}/wallet/credits`, {
      token: shop.admin,
      body: { amount: '100000', reason: 'Prepaid' },
    });
    expect(credited.status).toBe(201);
    const lines = [{ service_id: shop.cut, staff_id: shop.budi.staffId, price: '100000.00' }];
    const snapshot = appointmentSnapshotFixture({
      tenant_id: shop.tenantId,
      customer_id: customer,
      starts_at: '2030-02-01T03:00:00.000Z',
      services: lines.map((line) => ({
        ...line,
        service_name: 'Haircut',
        staff_name: 'Budi',
        start_time: '10:00:00',
        end_time: '10:45:00',
        duration_minutes: 45,
        currency: 'IDR',
        price_source: 'base_price' as const,
      })),
      total_price: '100000.00',
    });
    await handleInbox(
      harness.service,
      'scheduling.appointment.created.v1',
      onSchedulingAppointmentCreated,
      snapshot,
    );
    const paid = await request('POST', '/customer/payments/process-appointment', {
      token: shop.customerToken(customer),
      body: { appointment_id: snapshot.appointment_id, payment_method: 'QRIS', use_wallet_balance: true },
    });
    expect(paid.status).toBe(200);
    const paymentId = paid.body.payment_id as string;
    await handleInbox(
      harness.service,
      'scheduling.appointment.status_changed.v1',
      onSchedulingAppointmentStatusChanged,
      { ...snapshot, status: 'completed', previous_status: 'confirmed', version: 2 },
    );

    const tooMuch = await request('POST', `/payments/${paymentId}/refund`, {
      token: shop.admin,
      body: { amount: '100000.01', reason: 'Unhappy' },
    });
    expect(tooMuch.status).toBe(400);
    expect(
      (
        await request('POST', `/payments/${paymentId}/refund`, {
          token: shop.sign('OUTLET_MANAGER'),
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await request('POST', `/payments/${paymentId}/refund`, { token: shop.admin, body: {} })).status,
    ).toBe(422);

    const refund = await request('POST', `/payments/${paymentId}/refund`, {
      token: shop.admin,
      body: { amount: '33333.33', reason: 'Fringe too short' },
    });
    expect(refund.status).toBe(200);
    expect(refund.body).toEqual({
      payment_id: paymentId,
      status: 'REFUNDED',
      refunded_amount: '33333.33',
      fee_kept: '66666.67',
      currency: 'IDR',
    });
    const again = await request('POST', `/payments/${paymentId}/refund`, {
      token: shop.admin,
      body: { reason: 'Twice' },
    });
    expect(again.status).toBe(409);

    const today = localDate('Asia/Jakarta');
    const lines2 = (await report(shop.admin, shop.budi.staffId, '2030-02-01', '2030-02-01')).body;
    expect(lines2.totals.appointments).toBe('10000.00');
    // the refund is dated when it happened: 0.33333333 of 10000.00 = 3333.33 taken back
    const refunds = (await report(shop.admin, shop.budi.staffId, today, today)).body;
    expect(refunds.lines).toEqual([
      expect.objectContaining({ kind: 'reversed', source_id: snapshot.appointment_id, amount: '-3333.33' }),
    ]);
    expect(refunds.totals).toMatchObject({ reversals: '-3333.33', total: '-3333.33' });
    expect(
      (await request('POST', `/payments/${newId()}/refund`, { token: shop.admin, body: { reason: 'x' } }))
        .status,
    ).toBe(404);
  });

  it('a refund that came before the completion is taken back when the completion arrives', async () => {
    const shop = await shopWithStaff();
    await request('PUT', `/staff/${shop.budi.staffId}/commission`, {
      token: shop.admin,
      body: { service_percent: '10', package_percent: '0' },
    });
    const customer = await addCustomer(harness.service, shop.tenantId, { email: `c-${newId()}@example.com` });
    await request('POST', `/customers/${customer}/wallet/credits`, {
      token: shop.admin,
      body: { amount: '100000', reason: 'Prepaid' },
    });
    const snapshot = appointmentSnapshotFixture({
      tenant_id: shop.tenantId,
      customer_id: customer,
      starts_at: '2030-03-01T03:00:00.000Z',
      services: [
        {
          service_id: shop.cut,
          staff_id: shop.budi.staffId,
          price: '100000.00',
          service_name: 'Haircut',
          staff_name: 'Budi',
          start_time: '10:00:00',
          end_time: '10:45:00',
          duration_minutes: 45,
          currency: 'IDR',
          price_source: 'base_price',
        },
      ],
      total_price: '100000.00',
    });
    await handleInbox(
      harness.service,
      'scheduling.appointment.created.v1',
      onSchedulingAppointmentCreated,
      snapshot,
    );
    const paid = await request('POST', '/customer/payments/process-appointment', {
      token: shop.customerToken(customer),
      body: { appointment_id: snapshot.appointment_id, payment_method: 'QRIS', use_wallet_balance: true },
    });
    expect(paid.status).toBe(200);
    const refund = await request('POST', `/payments/${paid.body.payment_id}/refund`, {
      token: shop.admin,
      body: { amount: '25000', reason: 'Goodwill' },
    });
    expect(refund.status).toBe(200);
    const completed = {
      ...snapshot,
      status: 'completed' as const,
      previous_status: 'confirmed' as const,
      version: 2,
    };
    for (let delivery = 0; delivery < 2; delivery += 1)
      await handleInbox(
        harness.service,
        'scheduling.appointment.status_changed.v1',
        onSchedulingAppointmentStatusChanged,
        completed,
      );
    const today = localDate('Asia/Jakarta');
    const all = await report(shop.admin, shop.budi.staffId, '2030-03-01', '2030-03-01');
    expect(all.body.totals.appointments).toBe('10000.00');
    const back = await report(shop.admin, shop.budi.staffId, today, today);
    expect(back.body.totals).toMatchObject({ reversals: '-2500.00', total: '-2500.00' });
  });

  it('keeps a package sale by a user who is not a staff member, or without a rule, out of commission', async () => {
    const shop = await shopWithStaff();
    const pkg = await createdPackage(harness.service, shop.admin, {
      name: 'Two cuts',
      package_items: [{ service_id: shop.cut, quantity: 2 }],
      package_price: '150000',
      validity_days: 30,
    });
    const sold = await request('POST', '/staff/customer-packages', {
      token: shop.admin,
      body: {
        customer_id: shop.customer,
        package_id: pkg.id,
        outlet_id: shop.outlet,
        payment_method: 'manual_onspot',
        amount_paid: '150000',
      },
    });
    expect(sold.status).toBe(201);
    const today = localDate('Asia/Jakarta');
    expect((await report(shop.admin, shop.budi.staffId, today, today)).body.lines).toEqual([]);
  });
});
