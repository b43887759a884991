import { sql } from 'drizzle-orm';
import type { AppointmentCancelledV1 } from '@salon/contracts';
import { selectRows } from '@salon/service-kit';
import { waitFor } from '@salon/testing';
import { appointment, days, publish, seedTenant, startHarness, type Harness } from './helpers';

/**
 * A booking the platform released because its deposit was not paid in time (issue 22 item 1): the cancelled
 * event's `reason: deposit_unpaid` tells the customer once; an ordinary cancellation sends nothing.
 */
describe('the release notice of an unpaid booking', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  it('tells the customer of a released booking once, with the deposit; a person cancelling sends nothing', async () => {
    const tenant = await seedTenant(h.service);
    const cancelled = (
      booked: ReturnType<typeof appointment>,
      extra: Pick<AppointmentCancelledV1, 'cancelled_by'> & Partial<AppointmentCancelledV1>,
    ): AppointmentCancelledV1 => ({
      ...booked,
      status: 'cancelled' as const,
      version: 2,
      cancelled_at: new Date().toISOString(),
      late: false,
      ...extra,
    });
    const released = appointment(tenant, days(3), { deposit_amount: '20000.00' });
    const dropped = appointment(tenant, days(3));
    for (const booked of [released, dropped])
      await publish(h.service, 'scheduling.appointment.created.v1', booked, tenant.tenantId);
    const event = cancelled(released, { cancelled_by: 'system', reason: 'deposit_unpaid' });
    await publish(h.service, 'scheduling.appointment.cancelled.v1', event, tenant.tenantId);
    // The same release again (a redelivery as a new event): still one message.
    await publish(h.service, 'scheduling.appointment.cancelled.v1', event, tenant.tenantId);
    await publish(
      h.service,
      'scheduling.appointment.cancelled.v1',
      cancelled(dropped, { cancelled_by: 'customer' }),
      tenant.tenantId,
    );

    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === released.customer_email), {
      timeoutMs: 20_000,
    });
    expect(mail.subject).toMatch(/your booking was released|pemesanan Anda dilepas/);
    expect(mail.text).toMatch(/20[.,]000/);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rows = await selectRows<{ appointment_id: string }>(
      h.service.database.db.orm,
      sql`SELECT appointment_id FROM notifications.scheduled_notifications
          WHERE tenant_id = ${tenant.tenantId} AND kind = 'booking_released'`,
    );
    expect(rows).toEqual([{ appointment_id: released.appointment_id }]);
    expect(h.smtp.messages.filter((m) => m.to === released.customer_email)).toHaveLength(1);
  });
});
