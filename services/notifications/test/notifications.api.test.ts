import { sql } from 'drizzle-orm';
import { newEvent } from '@salon/messaging';
import { newId, selectRows } from '@salon/service-kit';
import { customerPreferencesFixture, waitFor } from '@salon/testing';
import {
  INTERNAL,
  appointment,
  days,
  insertNotification,
  notificationsOf,
  paid,
  publish,
  registerDevice,
  seedTenant,
  startHarness,
  type Harness,
  type SeededTenant,
} from './helpers';

describe('notifications on real PostgreSQL and RabbitMQ with the channel sandboxes', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  const post = (path: string, body?: unknown) => h.service.request('POST', path, { headers: INTERNAL, body });
  const get = (path: string) => h.service.request('GET', path, { headers: INTERNAL });
  const listed = async (url: string) =>
    (await (await fetch(url)).json()) as { messages: Array<Record<string, string>> };
  /** An appointment of the tenant starting at `startsAt`, published as scheduling publishes a booking. */
  const book = async (tenant: SeededTenant, startsAt: Date) => {
    const created = appointment(tenant, startsAt);
    await publish(h.service, 'scheduling.appointment.created.v1', created, tenant.tenantId);
    return created;
  };
  /** The rescheduled event's data (version 2) for `booked` moved to `startsAt`. */
  const rescheduled = (tenant: SeededTenant, booked: ReturnType<typeof appointment>, startsAt: Date) => ({
    ...appointment(tenant, startsAt, {
      appointment_id: booked.appointment_id,
      customer_id: booked.customer_id,
      customer_email: booked.customer_email,
    }),
    version: 2,
    previous: {
      appointment_date: booked.appointment_date,
      start_time: booked.start_time,
      end_time: booked.end_time,
      starts_at: booked.starts_at,
    },
  });
  /** The tenant's notifications once exactly `count` are stored. */
  const storedNotifications = (tenantId: string, count: number) =>
    waitFor(async () => {
      const rows = await notificationsOf(h.service, tenantId);
      return rows.length === count && rows;
    });

  it('refuses every internal endpoint without the credential (404, as if absent)', async () => {
    const id = newId();
    for (const [method, path] of [
      ['POST', '/webhooks/notifications/promote'],
      ['POST', '/webhooks/notifications/trigger'],
      ['POST', `/webhooks/notifications/retry/${id}`],
      ['GET', '/webhooks/notifications/promotion-stats'],
      ['GET', '/webhooks/notifications/health'],
    ] as const) {
      expect(
        (await h.service.request(method, path, { body: method === 'POST' ? {} : undefined })).status,
      ).toBe(404);
      const wrong = await h.service.request(method, path, {
        headers: { 'x-internal-token': 'wrong-token-0123456789' },
      });
      expect(wrong.status).toBe(404);
    }
  });

  it('an appointment confirmed by its payment: confirmation mail with the local time, notice to the staff member', async () => {
    const tenant = await seedTenant(h.service);
    // 2 days ahead at 03:30 UTC = 10:30 in Jakarta
    const startsAt = days(2);
    startsAt.setUTCHours(3, 30, 0, 0);
    const booked = await book(tenant, startsAt);
    const device = await registerDevice(h.service, tenant.tenantId, booked.customer_id!);
    await publish(h.service, 'scheduling.appointment.confirmed.v1', paid(booked), tenant.tenantId);
    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === booked.customer_email), {
      timeoutMs: 20_000,
    });
    expect(mail.subject).toBe('Glow Salon: your booking is confirmed');
    expect(mail.text).toContain('10:30');
    expect(mail.text).toContain('Glow Kemang');
    expect(mail.text).toContain('Hair Spa');
    expect(mail.text).toMatch(/IDR\s?150,000/);
    // the sandbox lists it over HTTP too
    expect((await listed(h.smtp.listUrl)).messages.some((m) => m.to === booked.customer_email)).toBe(true);
    const notice = await waitFor(() => h.smtp.messages.find((m) => m.to === tenant.staffEmail), {
      timeoutMs: 20_000,
    });
    expect(notice.text).toContain('Rina Putri');
    expect(notice.text).toContain('10:30');
    // push follows the default preferences, to the customer's registered device
    await waitFor(() => h.push.messages.find((m) => m.to === device), { timeoutMs: 20_000 });
    const rows = await waitFor(async () => {
      const all = await notificationsOf(h.service, tenant.tenantId);
      const confirmation = all.find((row) => row.kind === 'booking_confirmation');
      return confirmation?.status === 'COMPLETED' && all;
    });
    expect(rows.find((row) => row.kind === 'booking_confirmation')).toMatchObject({
      sent_via: ['email', 'push'],
      failed_channels: [
        { channel: 'whatsapp', reason: 'preference_off' },
        { channel: 'sms', reason: 'preference_off' },
      ],
    });
    // the two reminders wait on the task tier
    expect(rows.filter((row) => row.kind === 'appointment_reminder').map((row) => row.status)).toEqual([
      'PROMOTED',
      'PROMOTED',
    ]);
  });

  it('gives an appointment’s times in its own zone (an outlet in Jayapura), not the tenant’s (Jakarta)', async () => {
    const tenant = await seedTenant(h.service);
    // 2 days ahead at 02:30 UTC = 11:30 in Jayapura (UTC+9), 09:30 in Jakarta
    const startsAt = days(2);
    startsAt.setUTCHours(2, 30, 0, 0);
    const booked = appointment(tenant, startsAt, {
      timezone: 'Asia/Jayapura',
      start_time: '11:30:00',
      end_time: '12:30:00',
    });
    await publish(h.service, 'scheduling.appointment.created.v1', booked, tenant.tenantId);
    await publish(h.service, 'scheduling.appointment.confirmed.v1', paid(booked), tenant.tenantId);
    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === booked.customer_email), {
      timeoutMs: 20_000,
    });
    expect(mail.text).toContain('11:30');
    expect(mail.text).not.toContain('09:30');
  });

  it('a reminder due in a few seconds arrives through the delay ladder', async () => {
    const tenant = await seedTenant(h.service);
    const booked = await book(tenant, new Date(Date.now() + 2 * 3_600_000 + 3_000));
    const [reminder] = await storedNotifications(tenant.tenantId, 1);
    expect(reminder).toMatchObject({ kind: 'appointment_reminder', status: 'PROMOTED', tier: 'TASK_QUEUE' });
    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === booked.customer_email), {
      timeoutMs: 30_000,
    });
    expect(mail.subject).toBe('Glow Salon: reminder of your appointment');
    expect(mail.received_at >= new Date(reminder!.scheduled_at).toISOString()).toBe(true);
  });

  it('a reschedule makes the old task skip with its reason and the new one deliver', async () => {
    const tenant = await seedTenant(h.service);
    const booked = await book(tenant, new Date(Date.now() + 2 * 3_600_000 + 6_000));
    const [first] = await storedNotifications(tenant.tenantId, 1);
    const newStart = new Date(Date.now() + 2 * 3_600_000 + 10_000);
    await publish(
      h.service,
      'scheduling.appointment.rescheduled.v1',
      rescheduled(tenant, booked, newStart),
      tenant.tenantId,
    );
    await waitFor(async () => (await notificationsOf(h.service, tenant.tenantId))[0]?.version === 2);
    // the old task (version 1) skips, with its reason recorded
    const skipped = await waitFor(
      async () => {
        const rows = await selectRows<{ details: { reason: string; source: string } }>(
          h.service.database.db.orm,
          sql`SELECT details FROM notifications.audit_log WHERE notification_id = ${first!.id} AND action = 'trigger_skipped'`,
        );
        return rows.find((row) => row.details.source === 'task');
      },
      { timeoutMs: 30_000 },
    );
    expect(skipped.details.reason).toBe('Version mismatch: task version 1, current version 2 (rescheduled)');
    // the same answer from the trigger endpoint, in the body
    const stale = await post('/webhooks/notifications/trigger', {
      scheduled_notification_id: first!.id,
      version: 1,
    });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual({
      status: 'skipped',
      reason: 'Version mismatch: task version 1, current version 2 (rescheduled)',
      notification_id: first!.id,
    });
    // the new one delivers once
    await waitFor(() => h.smtp.messages.find((m) => m.to === booked.customer_email), { timeoutMs: 30_000 });
    await waitFor(async () => (await notificationsOf(h.service, tenant.tenantId))[0]?.status === 'COMPLETED');
    expect(h.smtp.messages.filter((m) => m.to === booked.customer_email)).toHaveLength(1);
  });

  it('scheduled notifications keep the correlation id of the event that scheduled them', async () => {
    const tenant = await seedTenant(h.service);
    const booked = appointment(tenant, days(40));
    const correlationsOf = async () =>
      (
        await selectRows<{ correlation_id: string | null }>(
          h.service.database.db.orm,
          sql`SELECT correlation_id FROM notifications.scheduled_notifications WHERE tenant_id = ${tenant.tenantId}`,
        )
      ).map((row) => row.correlation_id);
    const origin = (correlationId: string) => ({
      producer: 'scheduling',
      tenantId: tenant.tenantId,
      correlationId,
    });
    await h.service.testBus.bus.publish([
      newEvent('scheduling.appointment.created.v1', booked, origin('booking-request')),
    ]);
    await waitFor(async () => (await correlationsOf()).length === 2);
    expect(await correlationsOf()).toEqual(['booking-request', 'booking-request']);
    await h.service.testBus.bus.publish([
      newEvent(
        'scheduling.appointment.rescheduled.v1',
        rescheduled(tenant, booked, days(41)),
        origin('reschedule-request'),
      ),
    ]);
    await waitFor(async () => (await correlationsOf()).every((id) => id === 'reschedule-request'));
  });

  it('a channel over its monthly quota is blocked while the others send', async () => {
    const tenant = await seedTenant(h.service);
    // FREE plan (no subscription event yet): 100 e-mails a month, all used
    await h.service.database.db.orm.execute(
      sql`INSERT INTO notifications.channel_usage (tenant_id, month, channel, sent)
          VALUES (${tenant.tenantId}, ${new Date().toISOString().slice(0, 7)}, 'email', 100)`,
    );
    const booked = await book(tenant, days(3));
    const device = await registerDevice(h.service, tenant.tenantId, booked.customer_id!);
    await publish(h.service, 'scheduling.appointment.confirmed.v1', paid(booked), tenant.tenantId);
    const confirmation = await waitFor(async () => {
      const row = (await notificationsOf(h.service, tenant.tenantId)).find(
        (r) => r.kind === 'booking_confirmation',
      );
      return row?.status === 'COMPLETED' && row;
    });
    expect(confirmation.sent_via).toEqual(['push']);
    expect(confirmation.failed_channels).toContainEqual({ channel: 'email', reason: 'quota_exceeded' });
    expect(h.push.messages.some((m) => m.to === device)).toBe(true);
    expect(h.smtp.messages.some((m) => m.to === booked.customer_email)).toBe(false);
    // the staff notice has only e-mail: over quota, nothing sent → FAILED
    const notice = await waitFor(async () => {
      const row = (await notificationsOf(h.service, tenant.tenantId)).find(
        (r) => r.kind === 'staff_booking_notice',
      );
      return row?.status === 'FAILED' && row;
    });
    expect(notice.failed_channels).toEqual([{ channel: 'email', reason: 'quota_exceeded' }]);
  });

  it('a payment alone sends nothing: no confirmation without the appointment confirmed, none once cancelled', async () => {
    const tenant = await seedTenant(h.service);
    const payment = (booked: ReturnType<typeof appointment>) => ({
      payment_id: newId(),
      tenant_id: tenant.tenantId,
      customer_id: booked.customer_id,
      appointment_id: booked.appointment_id,
      amount: '150000.00',
      currency: 'IDR',
      completed_at: new Date().toISOString(),
    });
    const cancelled = (booked: ReturnType<typeof appointment>, version: number) => ({
      ...booked,
      status: 'cancelled' as const,
      version,
      cancelled_at: new Date().toISOString(),
      cancelled_by: 'customer' as const,
      late: false,
    });
    // a pending appointment paid: scheduling has not confirmed it (yet)
    const pending = await book(tenant, days(3));
    await publish(h.service, 'commerce.payment.completed.v1', payment(pending), tenant.tenantId);
    // cancelled, then paid: scheduling publishes no confirmed event for it
    const dropped = await book(tenant, days(3));
    await publish(h.service, 'scheduling.appointment.cancelled.v1', cancelled(dropped, 2), tenant.tenantId);
    await publish(h.service, 'commerce.payment.completed.v1', payment(dropped), tenant.tenantId);
    // a confirmation that arrives after a newer cancellation sends nothing either
    const late = await book(tenant, days(3));
    await publish(h.service, 'scheduling.appointment.cancelled.v1', cancelled(late, 3), tenant.tenantId);
    await publish(h.service, 'scheduling.appointment.confirmed.v1', paid(late), tenant.tenantId);
    // one confirmed appointment, published last, marks when the others would have been handled
    const confirmed = await book(tenant, days(3));
    await publish(h.service, 'commerce.payment.completed.v1', payment(confirmed), tenant.tenantId);
    await publish(h.service, 'scheduling.appointment.confirmed.v1', paid(confirmed), tenant.tenantId);
    await waitFor(() => h.smtp.messages.find((m) => m.to === confirmed.customer_email), {
      timeoutMs: 20_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rows = await selectRows<{ kind: string; appointment_id: string }>(
      h.service.database.db.orm,
      sql`SELECT kind, appointment_id FROM notifications.scheduled_notifications
          WHERE tenant_id = ${tenant.tenantId} AND kind IN ('booking_confirmation', 'staff_booking_notice')`,
    );
    expect(rows.map((row) => [row.kind, row.appointment_id]).sort()).toEqual([
      ['booking_confirmation', confirmed.appointment_id],
      ['staff_booking_notice', confirmed.appointment_id],
    ]);
    for (const other of [pending, dropped, late])
      expect(h.smtp.messages.some((m) => m.to === other.customer_email)).toBe(false);
    expect(h.smtp.messages.filter((m) => m.to === tenant.staffEmail)).toHaveLength(1);
  });

  it('a confirmation by the staff (no payment) sends once, however often its event arrives', async () => {
    const tenant = await seedTenant(h.service);
    const booked = await book(tenant, days(3));
    const event = newEvent(
      'scheduling.appointment.confirmed.v1',
      paid(booked, { payment_id: null, amount_paid: undefined }),
      { producer: 'scheduling', tenantId: tenant.tenantId },
    );
    // the same event twice, and the same confirmation in a second envelope
    await h.service.testBus.bus.publish([event]);
    await h.service.testBus.bus.publish([event]);
    await h.service.testBus.bus.publish([{ ...event, id: newId() }]);
    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === booked.customer_email), {
      timeoutMs: 20_000,
    });
    expect(mail.subject).toBe('Glow Salon: your booking is confirmed');
    expect(mail.text).not.toContain('Amount paid');
    await waitFor(() => h.smtp.messages.find((m) => m.to === tenant.staffEmail), { timeoutMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(h.smtp.messages.filter((m) => m.to === booked.customer_email)).toHaveLength(1);
    expect(h.smtp.messages.filter((m) => m.to === tenant.staffEmail)).toHaveLength(1);
    const kinds = (await notificationsOf(h.service, tenant.tenantId)).map((row) => row.kind).sort();
    expect(kinds).toEqual([
      'appointment_reminder',
      'appointment_reminder',
      'booking_confirmation',
      'staff_booking_notice',
    ]);
  });

  it('retry: FAILED only, at most 3 times unless forced, with an audit entry; 404 and 422', async () => {
    const tenant = await seedTenant(h.service);
    const failed = await insertNotification(h.service, tenant, { status: 'FAILED', scheduledAt: new Date() });
    const retried = await post(`/webhooks/notifications/retry/${failed}`, {});
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({
      status: 'success',
      notification_id: failed,
      retry_count: 1,
      sent_via: ['email'],
      message: 'Sent via email',
    });
    await waitFor(() => h.smtp.messages.find((m) => m.to === tenant.staffEmail));
    const audit = await selectRows<{ action: string; details: { retry_count: number } }>(
      h.service.database.db.orm,
      sql`SELECT action, details FROM notifications.audit_log WHERE notification_id = ${failed}`,
    );
    expect(audit).toEqual([
      { action: 'retry', details: expect.objectContaining({ retry_count: 1, force: false }) },
    ]);

    const again = await post(`/webhooks/notifications/retry/${failed}`, {});
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: 'Only FAILED notifications can be retried (status: COMPLETED)' });

    const exhausted = await insertNotification(h.service, tenant, {
      status: 'FAILED',
      scheduledAt: new Date(),
      retryCount: 3,
    });
    const refused = await post(`/webhooks/notifications/retry/${exhausted}`, {});
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'Maximum retries (3) exceeded; use force to retry anyway' });
    const forced = await post(`/webhooks/notifications/retry/${exhausted}`, { force: true });
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ status: 'success', retry_count: 4 });

    // a provider failure answers the error form and leaves it FAILED
    const failing = await insertNotification(h.service, tenant, {
      status: 'FAILED',
      scheduledAt: new Date(),
    });
    h.smtp.failNext(1);
    const error = await post(`/webhooks/notifications/retry/${failing}`, {});
    expect(error.status).toBe(200);
    expect(error.body).toMatchObject({
      status: 'error',
      notification_id: failing,
      retry_count: 1,
      sent_via: [],
    });
    expect(error.body.error).toMatch(/^email: /);

    const missing = await post(`/webhooks/notifications/retry/${newId()}`, {});
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Scheduled notification not found' });
    const malformed = await post('/webhooks/notifications/retry/not-an-id', {});
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].loc).toEqual(['path', 'notification_id']);
    const badForce = await post(`/webhooks/notifications/retry/${failed}`, { force: 'yes' });
    expect(badForce.status).toBe(422);
  });

  it('trigger: unknown id, non-PROMOTED status, and 422 without an id', async () => {
    const tenant = await seedTenant(h.service);
    const unknown = newId();
    expect(
      (await post('/webhooks/notifications/trigger', { scheduled_notification_id: unknown })).body,
    ).toEqual({
      status: 'error',
      notification_id: unknown,
      error: 'Scheduled notification not found',
    });
    const pending = await insertNotification(h.service, tenant, { status: 'PENDING', scheduledAt: days(40) });
    expect(
      (await post('/webhooks/notifications/trigger', { scheduled_notification_id: pending })).body,
    ).toEqual({
      status: 'skipped',
      reason: 'Notification status is PENDING, not PROMOTED',
      notification_id: pending,
    });
    const promoted = await insertNotification(h.service, tenant, {
      status: 'PROMOTED',
      scheduledAt: new Date(),
    });
    expect(
      (
        await post('/webhooks/notifications/trigger', {
          scheduled_notification_id: promoted,
          tenant_id: tenant.tenantId,
        })
      ).body,
    ).toEqual({
      status: 'success',
      notification_id: promoted,
      sent_via: ['email'],
      message: 'Sent via email',
    });
    const invalid = await post('/webhooks/notifications/trigger', {});
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail[0].loc).toEqual(['body', 'scheduled_notification_id']);
  });

  it('cancellation cancels pending reminders, not the refund notice; customer deletion deletes their notifications', async () => {
    const tenant = await seedTenant(h.service);
    const booked = await book(tenant, days(40));
    const rows = await storedNotifications(tenant.tenantId, 2);
    // 40 days ahead: both reminders wait in the database tier
    expect(rows.map((row) => [row.status, row.tier])).toEqual([
      ['PENDING', 'DATABASE'],
      ['PENDING', 'DATABASE'],
    ]);
    // The refund of a cancelled appointment is often handled before its cancellation: that notice must still go.
    const refundNotice = await insertNotification(h.service, tenant, {
      status: 'PENDING',
      scheduledAt: days(40),
      customerId: booked.customer_id!,
      kind: 'payment_refunded',
      appointmentId: booked.appointment_id,
    });
    await publish(
      h.service,
      'scheduling.appointment.cancelled.v1',
      {
        ...booked,
        status: 'cancelled',
        version: 2,
        cancelled_at: new Date().toISOString(),
        cancelled_by: 'customer',
        late: false,
      },
      tenant.tenantId,
    );
    const afterCancellation = await waitFor(async () => {
      const stored = await notificationsOf(h.service, tenant.tenantId);
      return stored.filter((row) => row.status === 'CANCELLED').length === 2 && stored;
    });
    expect(afterCancellation.map((row) => [row.kind, row.status]).sort()).toEqual([
      ['appointment_reminder', 'CANCELLED'],
      ['appointment_reminder', 'CANCELLED'],
      ['payment_refunded', 'PENDING'],
    ]);
    expect(afterCancellation.find((row) => row.kind === 'payment_refunded')!.id).toBe(refundNotice);
    await publish(
      h.service,
      'identity.customer.deleted.v1',
      {
        customer_id: booked.customer_id!,
        tenant_id: tenant.tenantId,
        reason: 'account_deletion',
        gdpr_deletion: true,
        deleted_at: new Date().toISOString(),
      },
      tenant.tenantId,
    );
    await waitFor(async () => (await notificationsOf(h.service, tenant.tenantId)).length === 0);
  });

  it('verification codes of a new customer go by e-mail and SMS', async () => {
    const tenant = await seedTenant(h.service);
    const email = `new-${newId()}@example.com`;
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    await publish(
      h.service,
      'identity.customer.registered.v1',
      {
        customer_id: newId(),
        tenant_id: tenant.tenantId,
        email,
        phone: '+628111111111',
        first_name: 'Budi',
        last_name: null,
        source: 'self_registration',
        has_password: true,
        tags: [],
        preferences: {
          preferred_outlet_ids: [],
          preferred_staff_ids: [],
          preferred_services: [],
          communication: { email: true, sms: false, push: true, whatsapp: false },
          marketing_consent: false,
          data_processing_consent: true,
          analytics_consent: false,
          language: 'id',
          timezone: 'Asia/Jakarta',
          notification_settings: {
            booking_reminders: true,
            promotional_offers: false,
            appointment_updates: true,
            loyalty_updates: true,
          },
          notes: null,
          accessibility_needs: null,
        },
        verification: {
          email: { code: '123456', expires_at: expires },
          phone: { code: '654321', expires_at: expires },
        },
        created_at: new Date().toISOString(),
        version: 1,
      },
      tenant.tenantId,
    );
    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === email));
    expect(mail.text).toBe('Kode verifikasi Glow Salon Anda adalah 123456. Jangan bagikan kepada siapa pun.');
    const sms = await waitFor(() => h.sms.messages.find((m) => m.to === '+628111111111'));
    expect(sms.text).toContain('654321');
    expect((await listed(h.sms.listUrl)).messages.some((m) => m.text?.includes('654321'))).toBe(true);
  });

  it('a code asked for again or for a changed phone goes by e-mail or SMS, on its channel only', async () => {
    const tenant = await seedTenant(h.service);
    const customerId = newId();
    const email = `again-${newId()}@example.com`;
    const phone = `+62812${String(Date.now() % 1e7).padStart(7, '0')}`;
    const requested = (channel: 'email' | 'phone', code: string, reason: 'resend' | 'phone_changed') => ({
      customer_id: customerId,
      tenant_id: tenant.tenantId,
      channel,
      email,
      phone,
      first_name: 'Budi',
      last_name: null,
      preferences: customerPreferencesFixture({ language: 'en' }),
      reason,
      code,
      expires_at: new Date(Date.now() + (channel === 'email' ? 86_400_000 : 900_000)).toISOString(),
    });
    await publish(
      h.service,
      'identity.customer.verification_requested.v1',
      requested('email', '246810', 'resend'),
      tenant.tenantId,
    );
    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === email));
    expect(mail.text).toContain('246810');
    await publish(
      h.service,
      'identity.customer.verification_requested.v1',
      requested('phone', '135790', 'phone_changed'),
      tenant.tenantId,
    );
    const sms = await waitFor(() => h.sms.messages.find((m) => m.to === phone));
    expect(sms.text).toContain('135790');
    // One message per event, on the event's channel: no SMS with the e-mail code, no second mail.
    expect(h.sms.messages.filter((m) => m.to === phone).map((m) => m.text)).toEqual([sms.text]);
    expect(h.smtp.messages.filter((m) => m.to === email).map((m) => m.text)).toEqual([mail.text]);
    // The codes are never stored, not even as a scheduled notification.
    expect(await notificationsOf(h.service, tenant.tenantId)).toEqual([]);
  });

  it('payment links go out on the channels the event names', async () => {
    const tenant = await seedTenant(h.service);
    const customerId = newId();
    await publish(
      h.service,
      'commerce.payment_link.created.v1',
      {
        tenant_id: tenant.tenantId,
        customer_id: customerId,
        customer_package_id: newId(),
        payment_id: newId(),
        invoice_id: newId(),
        invoice_number: 'INV-0001',
        amount: '500000.00',
        currency: 'IDR',
        payment_url: 'https://pay.example/i/abc',
        due_date: days(3).toISOString(),
        channels: { email: true, whatsapp: false, sms: false },
        customer: { name: 'Ayu', email: `ayu-${customerId}@example.com`, phone: null },
        package_name: '10x Hair Spa',
      },
      tenant.tenantId,
    );
    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === `ayu-${customerId}@example.com`), {
      timeoutMs: 20_000,
    });
    expect(mail.subject).toBe('Glow Salon: payment link INV-0001');
    expect(mail.text).toContain('https://pay.example/i/abc');
    expect(mail.text).toContain('10x Hair Spa');
  });

  it('health: healthy with the task tier available', async () => {
    const health = await get('/webhooks/notifications/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'healthy', database: 'connected', cloud_tasks: 'available' });
    expect(Object.keys(health.body.details)).toEqual(['pending_count', 'promoted_count', 'failed_count']);
  });
});
