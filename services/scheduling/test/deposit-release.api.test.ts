import { sql } from 'drizzle-orm';
import { newEvent } from '@salon/messaging';
import { newId, selectRows, type InternalClient } from '@salon/service-kit';
import { captureEvents, handleInbox, startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { onSchedulingAppointmentDepositDue } from '../src/events/handlers/scheduling.appointment.deposit_due';
import { bookableSetup, bookingBody } from './helpers';

/**
 * The release of bookings whose deposit is unpaid (issue 22 item 1): the deposit-due task, delivered by the delay
 * ladder at `deposit_due_at`, asks commerce (here a stand-in answering its internal contract) and cancels a booking
 * still pending and unpaid; anything else is left alone.
 */
describe('deposit release', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  /** Commerce's answer to "is the deposit paid?", and the questions asked. */
  let paid = false;
  const asked: string[] = [];
  const commerce: InternalClient = {
    name: 'commerce',
    async request<T>(_method: string, path: string) {
      asked.push(path);
      const appointmentId = path.split('/')[5]!;
      return { status: 200, body: { appointment_id: appointmentId, paid } as T };
    },
    close: () => undefined,
  };

  const withDeposit = {
    serviceOverrides: {
      pricing: {
        base_price: '100000.00',
        currency: 'IDR',
        outlet_prices: {},
        promotional_price: null,
        promotional_valid_until: null,
        deposit: { type: 'fixed' as const, value: '20000.00' },
      },
    },
  };

  type Setup = Awaited<ReturnType<typeof bookableSetup>>;

  const book = async (setup: Setup, start = '10:00') => {
    const response = await service.request('POST', '/appointments', {
      token: setup.customerToken(setup.customerId),
      body: bookingBody(setup, start),
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'pending', deposit_amount: '20000.00' });
    return response.body.id as string;
  };

  /** The hold ends now (the database's clock). */
  const dueNow = (id: string) =>
    service.running.context.db.orm.execute(
      sql`UPDATE scheduling.appointments SET deposit_due_at = now() - interval '1 second' WHERE id = ${id}`,
    );

  const deliverTask = (setup: Setup, id: string) =>
    handleInbox(
      service,
      'scheduling.appointment.deposit_due.v1',
      onSchedulingAppointmentDepositDue({ store: service.running.context.store, commerce }),
      { tenant_id: setup.tenantId, appointment_id: id },
      { tenantId: setup.tenantId },
    );

  const stateOf = async (id: string) => {
    const [row] = await selectRows<{ status: string; cancellation_reason: string | null; version: number }>(
      service.running.context.db.orm,
      sql`SELECT status, cancellation_reason, version FROM scheduling.appointments WHERE id = ${id}`,
    );
    return row!;
  };

  it('releases an unpaid booking at its due time: cancelled (deposit_unpaid, not late), slot free; a redelivery changes nothing', async () => {
    paid = false;
    const setup = await bookableSetup(service, withDeposit);
    const id = await book(setup);
    const capture = await captureEvents(service.testBus.bus, ['scheduling.appointment.cancelled.v1']);

    // Delivered early: nothing happens and commerce is not even asked.
    const askedBefore = asked.length;
    await deliverTask(setup, id);
    expect((await stateOf(id)).status).toBe('pending');
    expect(asked.length).toBe(askedBefore);

    await dueNow(id);
    await deliverTask(setup, id);
    expect(await stateOf(id)).toMatchObject({ status: 'cancelled', cancellation_reason: 'deposit_unpaid' });
    const event = await capture.next(
      'scheduling.appointment.cancelled.v1',
      (e) => e.data.appointment_id === id,
    );
    expect(event.data).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'system',
      late: false,
      reason: 'deposit_unpaid',
      deposit_amount: '20000.00',
    });
    const appointment = await service.request('GET', `/appointments/${id}`, { token: setup.admin });
    expect(appointment.body).toMatchObject({ status: 'cancelled', cancelled_by: null });
    expect(appointment.body.cancelled_at).toEqual(expect.any(String));

    // The task again (a redelivery, or a re-check): the version does not move, nothing is published.
    const version = (await stateOf(id)).version;
    await deliverTask(setup, id);
    expect((await stateOf(id)).version).toBe(version);

    // The slot is free: the same time books again.
    await book(setup);
  });

  it('a deposit payment applied after the release is reported orphaned (refunded in full), never confirming', async () => {
    paid = false;
    const setup = await bookableSetup(service, withDeposit);
    const id = await book(setup);
    await dueNow(id);
    await deliverTask(setup, id);
    expect((await stateOf(id)).status).toBe('cancelled');
    const capture = await captureEvents(service.testBus.bus, ['scheduling.appointment.payment_orphaned.v1']);
    await service.testBus.bus.publish([
      newEvent(
        'commerce.payment.completed.v1',
        {
          payment_id: newId(),
          tenant_id: setup.tenantId,
          customer_id: setup.customerId,
          appointment_id: id,
          amount: '21600.00',
          currency: 'IDR',
          completed_at: new Date().toISOString(),
        },
        { producer: 'commerce', tenantId: setup.tenantId },
      ),
    ]);
    const orphan = await capture.next(
      'scheduling.appointment.payment_orphaned.v1',
      (e) => e.data.appointment_id === id,
    );
    expect(orphan.data).toMatchObject({ appointment_status: 'cancelled', amount: '21600.00' });
    expect((await stateOf(id)).status).toBe('cancelled');
  });

  it('never releases a deposit paid at the last second: commerce says paid, so it looks again later', async () => {
    paid = true;
    const setup = await bookableSetup(service, withDeposit);
    const id = await book(setup);
    await dueNow(id);
    await deliverTask(setup, id);
    expect((await stateOf(id)).status).toBe('pending');
    expect(asked.at(-1)).toBe(`/internal/tenants/${setup.tenantId}/appointments/${id}/deposit`);

    // The payment's confirmation arrives: the re-check leaves the confirmed booking alone.
    await service.running.context.db.orm.execute(
      sql`UPDATE scheduling.appointments SET status = 'confirmed' WHERE id = ${id}`,
    );
    paid = false;
    await deliverTask(setup, id);
    expect((await stateOf(id)).status).toBe('confirmed');
  });

  it('leaves a booking staff confirmed by hand', async () => {
    paid = false;
    const setup = await bookableSetup(service, withDeposit);
    const id = await book(setup);
    const confirmed = await service.request('PUT', `/appointments/${id}/status`, {
      token: setup.admin,
      body: { status: 'confirmed' },
    });
    expect(confirmed.status).toBe(200);
    await dueNow(id);
    await deliverTask(setup, id);
    expect((await stateOf(id)).status).toBe('confirmed');
  });

  it('does not release when commerce cannot answer (the task fails and is retried)', async () => {
    const setup = await bookableSetup(service, withDeposit);
    const id = await book(setup);
    await dueNow(id);
    await expect(
      handleInbox(
        service,
        'scheduling.appointment.deposit_due.v1',
        onSchedulingAppointmentDepositDue({ store: service.running.context.store, commerce: undefined }),
        { tenant_id: setup.tenantId, appointment_id: id },
        { tenantId: setup.tenantId },
      ),
    ).rejects.toThrow();
    expect((await stateOf(id)).status).toBe('pending');
  });
});
