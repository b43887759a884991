import { sql } from 'drizzle-orm';
import type { AppointmentConfirmedV1, AppointmentSnapshot } from '@salon/contracts';
import { newId, selectRows } from '@salon/service-kit';
import {
  outletUpsertedFixture,
  publishEvent,
  startTestService,
  tenantUpdatedFixture,
  waitFor,
  type TestService,
} from '@salon/testing';
import { createNotificationsService } from '../src/definition';
import { FCM_SANDBOX_CREDENTIALS, startFcmSandbox, type FcmSandbox } from '../src/sandbox/fcm-sandbox';
import { startSmtpSandbox, type Sandbox } from '../src/sandbox/sandboxes';
import {
  WHATSAPP_SANDBOX_CREDENTIALS,
  startWhatsAppSandbox,
  type WhatsAppSandbox,
} from '../src/sandbox/whatsapp-sandbox';
import {
  TWILIO_SANDBOX_CREDENTIALS,
  startTwilioSandbox,
  type TwilioSandbox,
} from '../src/sandbox/twilio-sandbox';

export interface Harness {
  service: TestService;
  smtp: Sandbox;
  whatsapp: WhatsAppSandbox;
  sms: TwilioSandbox;
  push: FcmSandbox;
  stop(): Promise<void>;
}

/** The service on real PostgreSQL and RabbitMQ, its channels pointed at the four sandboxes. */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const [smtp, whatsapp, sms, push] = await Promise.all([
    startSmtpSandbox(),
    startWhatsAppSandbox(),
    startTwilioSandbox(),
    startFcmSandbox(),
  ]);
  const service = await startTestService(createNotificationsService(), {
    SMTP_URL: smtp.url,
    WHATSAPP_API_URL: whatsapp.url,
    ...WHATSAPP_SANDBOX_CREDENTIALS,
    SMS_API_URL: sms.url,
    ...TWILIO_SANDBOX_CREDENTIALS,
    FCM_API_URL: push.url,
    FCM_TOKEN_URL: push.tokenUrl,
    ...FCM_SANDBOX_CREDENTIALS,
    // No gateway in front: Twilio's callbacks are signed over this URL and posted to the service (below).
    PUBLIC_BASE_URL: 'https://api.salon.test',
    MAIL_FROM: 'Glow <no-reply@glow.example>',
    ...env,
  });
  whatsapp.callbackUrl = `${service.url}/webhooks/whatsapp`;
  sms.callbackUrl = `${service.url}/webhooks/twilio/status`;
  return {
    service,
    smtp,
    whatsapp,
    sms,
    push,
    async stop() {
      await service.stop();
      await Promise.all([smtp, whatsapp, sms, push].map((sandbox) => sandbox.close()));
    },
  };
}

export const INTERNAL = { 'x-internal-token': 'test-internal-token-0123456789abcdef' };

/** Sends a FAILED notification again now (the internal retry endpoint). */
export const retryNotification = (service: TestService, id: string) =>
  service.request('POST', `/webhooks/notifications/retry/${id}`, { headers: INTERNAL, body: {} });

export const publish = publishEvent;

/** A tenant in Asia/Jakarta (UTC+7) paying in IDR, with one outlet and one staff member, all replicated. */
export async function seedTenant(service: TestService, language = 'en') {
  const tenantId = newId();
  const outletId = newId();
  const staffId = newId();
  const now = new Date().toISOString();
  await publish(
    service,
    'identity.tenant.updated.v1',
    tenantUpdatedFixture(tenantId, 1, { language }, { name: 'Glow Salon', updated_at: now }),
    tenantId,
  );
  await publish(
    service,
    'identity.outlet.upserted.v1',
    outletUpsertedFixture(tenantId, {
      outlet_id: outletId,
      name: 'Glow Kemang',
      slug: 'kemang',
      address: 'Jl. Kemang Raya 1',
      updated_at: now,
    }),
    tenantId,
  );
  await publish(
    service,
    'scheduling.staff.upserted.v1',
    {
      staff_id: staffId,
      tenant_id: tenantId,
      outlet_id: outletId,
      user_id: null,
      first_name: 'Sari',
      last_name: 'Dewi',
      display_name: 'Sari Dewi',
      email: `sari-${staffId}@glow.example`,
      phone: null,
      position: 'Stylist',
      is_bookable: true,
      accepts_online_booking: true,
      service_ids: [],
      status: 'active',
      updated_at: now,
      version: 1,
    },
    tenantId,
  );
  const db = service.database.db.orm;
  await waitFor(async () => {
    const rows = await selectRows(
      db,
      sql`SELECT 1 FROM notifications.tenants t, notifications.outlets o, notifications.staff s
          WHERE t.tenant_id = ${tenantId} AND o.outlet_id = ${outletId} AND s.staff_id = ${staffId}`,
    );
    return rows.length === 1;
  });
  return { tenantId, outletId, staffId, staffEmail: `sari-${staffId}@glow.example` };
}

export type SeededTenant = Awaited<ReturnType<typeof seedTenant>>;

/** An appointment snapshot starting at `startsAt` (UTC), local times in Asia/Jakarta. */
export function appointment(
  tenant: SeededTenant,
  startsAt: Date,
  overrides: Partial<AppointmentSnapshot> = {},
): AppointmentSnapshot {
  const local = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString();
  const endsAt = new Date(startsAt.getTime() + 60 * 60_000);
  const now = new Date().toISOString();
  return {
    appointment_id: newId(),
    tenant_id: tenant.tenantId,
    outlet_id: tenant.outletId,
    customer_id: newId(),
    customer_name: 'Rina Putri',
    customer_email: `rina-${newId()}@example.com`,
    customer_phone: '+6281234567890',
    status: 'pending',
    appointment_date: local(startsAt).slice(0, 10),
    start_time: local(startsAt).slice(11, 19),
    end_time: local(endsAt).slice(11, 19),
    timezone: 'Asia/Jakarta',
    starts_at: startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
    services: [
      {
        service_id: newId(),
        service_name: 'Hair Spa',
        staff_id: tenant.staffId,
        staff_name: 'Sari Dewi',
        start_time: local(startsAt).slice(11, 19),
        end_time: local(endsAt).slice(11, 19),
        duration_minutes: 60,
        price: '150000.00',
        currency: 'IDR',
        price_source: 'base_price',
      },
    ],
    total_price: '150000.00',
    currency: 'IDR',
    booked_by: 'customer',
    created_at: now,
    updated_at: now,
    version: 1,
    ...overrides,
  };
}

/** scheduling.appointment.confirmed.v1 for `booked` paid in full: its next version, confirmed. */
export function paid(
  booked: AppointmentSnapshot,
  overrides: Partial<AppointmentConfirmedV1> = {},
): AppointmentConfirmedV1 {
  return {
    ...booked,
    status: 'confirmed',
    version: booked.version + 1,
    payment_id: newId(),
    amount_paid: booked.total_price,
    ...overrides,
  };
}

export interface NotificationView {
  id: string;
  kind: string;
  status: string;
  tier: string;
  version: number;
  retry_count: number;
  scheduled_at: string;
  sent_via: string[];
  failed_channels: Array<{ channel: string; reason: string }>;
  dedupe_key: string;
}

export async function notificationsOf(service: TestService, tenantId: string): Promise<NotificationView[]> {
  return selectRows<NotificationView>(
    service.database.db.orm,
    sql`SELECT id, kind, status, tier, version, retry_count, scheduled_at, sent_via, failed_channels, dedupe_key
        FROM notifications.scheduled_notifications WHERE tenant_id = ${tenantId} ORDER BY scheduled_at, dedupe_key`,
  );
}

/**
 * Inserts a scheduled notification row directly (promotion, retry and channel tests): a staff notice by e-mail
 * unless `channel` (and, for push, a `customerId` recipient) says otherwise.
 */
export async function insertNotification(
  service: TestService,
  tenant: SeededTenant,
  values: {
    status: string;
    scheduledAt: Date;
    retryCount?: number;
    email?: string;
    channel?: 'email' | 'whatsapp' | 'sms' | 'push';
    phone?: string;
    customerId?: string;
    kind?: string;
    appointmentId?: string;
  },
): Promise<string> {
  const id = newId();
  const kind = values.kind ?? 'staff_booking_notice';
  const customer = values.customerId !== undefined;
  const recipient = {
    name: customer ? 'Rina Putri' : 'Sari Dewi',
    email: values.channel && values.channel !== 'email' ? null : (values.email ?? tenant.staffEmail),
    phone: values.phone ?? null,
  };
  await service.database.db.orm.execute(
    sql`INSERT INTO notifications.scheduled_notifications (id, tenant_id, kind, status, tier, scheduled_at, retry_count,
          recipient_type, recipient_id, recipient, channels, template, payload, dedupe_key, appointment_id)
        VALUES (${id}, ${tenant.tenantId}, ${kind}, ${values.status},
          ${values.status === 'PENDING' ? 'DATABASE' : 'TASK_QUEUE'}, ${values.scheduledAt.toISOString()},
          ${values.retryCount ?? 0}, ${customer ? 'customer' : 'staff'}, ${values.customerId ?? tenant.staffId},
          ${JSON.stringify(recipient)}::jsonb,
          ${`{${values.channel ?? 'email'}}`}, ${kind}, '{}'::jsonb, ${`test:${id}`}, ${values.appointmentId ?? null})`,
  );
  return id;
}

/** The delivery rows of one notification, oldest first. */
export const deliveriesOf = (service: TestService, notificationId: string) =>
  selectRows<{ status: string; reason: string | null; provider_message_id: string | null }>(
    service.database.db.orm,
    sql`SELECT status, reason, provider_message_id FROM notifications.deliveries
        WHERE notification_id = ${notificationId} ORDER BY created_at`,
  );

export const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** Registers a push device for a customer directly (the customer route is tested on its own). */
export async function registerDevice(service: TestService, tenantId: string, customerId: string) {
  const token = `fcm-${newId()}`;
  await service.database.db.orm.execute(
    sql`INSERT INTO notifications.push_devices (token, tenant_id, customer_id, platform)
        VALUES (${token}, ${tenantId}, ${customerId}, 'android')`,
  );
  return token;
}
