import { sql } from 'drizzle-orm';
import type { CustomerPreferences, WaitlistOfferedV1 } from '@salon/contracts';
import { newEvent } from '@salon/messaging';
import { newId, selectRows } from '@salon/service-kit';
import { customerPreferencesFixture, customerRegisteredFixture, waitFor } from '@salon/testing';
import {
  days,
  notificationsOf,
  publish,
  seedTenant,
  startHarness,
  type Harness,
  type SeededTenant,
} from './helpers';

/**
 * scheduling.waitlist.offered.v1 (issue 22 item 2) through the real handler and broker: the customer a freed slot
 * is held for gets a `waitlist_offer` message on their channels, in their language, once however often the event
 * arrives.
 */
describe('the waitlist offer message', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  /** A customer of the tenant in the notifications replica (as identity's registration event leaves it). */
  const registerCustomer = async (
    tenant: SeededTenant,
    language: 'en' | 'id',
    overrides: Partial<CustomerPreferences> = {},
  ) => {
    const customer = customerRegisteredFixture(tenant.tenantId, {
      email: `waiting-${newId()}@example.com`,
      phone: '+628199990000',
      preferences: customerPreferencesFixture({ language, ...overrides }),
    });
    await publish(h.service, 'identity.customer.registered.v1', customer, tenant.tenantId);
    await waitFor(async () => {
      const rows = await selectRows(
        h.service.database.db.orm,
        sql`SELECT 1 FROM notifications.customers WHERE customer_id = ${customer.customer_id}`,
      );
      return rows.length === 1;
    });
    return customer;
  };

  /** The offer of a 10:30 (Jakarta) slot two days ahead, held for 15 minutes from about now. */
  const offered = (
    tenant: SeededTenant,
    customerId: string,
    overrides: Partial<WaitlistOfferedV1> = {},
  ): WaitlistOfferedV1 => {
    const startsAt = days(2);
    startsAt.setUTCHours(3, 30, 0, 0);
    const expiresAt = new Date(Date.now() + 15 * 60_000);
    expiresAt.setUTCSeconds(0, 0);
    return {
      offer_id: newId(),
      entry_id: newId(),
      tenant_id: tenant.tenantId,
      customer_id: customerId,
      outlet_id: tenant.outletId,
      service_id: newId(),
      service_name: 'Hair Spa',
      staff_id: tenant.staffId,
      staff_name: 'Sari Dewi',
      appointment_date: new Date(startsAt.getTime() + 7 * 3_600_000).toISOString().slice(0, 10),
      start_time: '10:30:00',
      timezone: 'Asia/Jakarta',
      starts_at: startsAt.toISOString(),
      expires_at: expiresAt.toISOString(),
      hold_minutes: 15,
      ...overrides,
    };
  };
  /** "HH:MM" of an instant in Jakarta (UTC+7). */
  const jakartaTime = (iso: string) => new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(11, 16);

  it('tells the customer which slot is held, until when and how to accept (en), on the channels allowed', async () => {
    const tenant = await seedTenant(h.service);
    const customer = await registerCustomer(tenant, 'en');
    const offer = offered(tenant, customer.customer_id);
    await publish(h.service, 'scheduling.waitlist.offered.v1', offer, tenant.tenantId);
    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === customer.email), {
      timeoutMs: 20_000,
    });
    expect(mail.subject).toBe('Glow Salon: a slot you are waiting for is held for you');
    expect(mail.text).toContain('Hello Ani Wijaya,');
    expect(mail.text).toContain('Hair Spa with Sari Dewi at Glow Kemang, Jl. Kemang Raya 1');
    expect(mail.text).toContain('10:30 (Asia/Jakarta)');
    expect(mail.text).toContain('for 15 minutes, until');
    expect(mail.text).toContain(`${jakartaTime(offer.expires_at)} (Asia/Jakarta)`);
    expect(mail.text).toContain('open your waitlist in the app');
    expect(mail.text).toContain(`POST /customer/waitlist/offers/${offer.offer_id}/accept`);
    const [row] = await waitFor(async () => {
      const rows = await notificationsOf(h.service, tenant.tenantId);
      return rows.length === 1 && rows[0]!.status === 'COMPLETED' && rows;
    });
    expect(row).toMatchObject({
      kind: 'waitlist_offer',
      dedupe_key: `waitlist-offer:${offer.offer_id}`,
      // the customer's preferences: e-mail on, WhatsApp and SMS off; push needs a registered device
      sent_via: ['email'],
      failed_channels: [
        { channel: 'whatsapp', reason: 'preference_off' },
        { channel: 'sms', reason: 'preference_off' },
        { channel: 'push', reason: 'no_address' },
      ],
    });
  });

  it('speaks Indonesian to a customer who prefers it', async () => {
    const tenant = await seedTenant(h.service);
    const customer = await registerCustomer(tenant, 'id');
    const offer = offered(tenant, customer.customer_id);
    await publish(h.service, 'scheduling.waitlist.offered.v1', offer, tenant.tenantId);
    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === customer.email), {
      timeoutMs: 20_000,
    });
    expect(mail.subject).toBe('Glow Salon: slot yang Anda tunggu sedang ditahan untuk Anda');
    expect(mail.text).toContain('Halo Ani Wijaya,');
    expect(mail.text).toContain('Hair Spa dengan Sari Dewi di Glow Kemang');
    expect(mail.text).toContain('10:30 (Asia/Jakarta)');
    expect(mail.text).toContain(`selama 15 menit, hingga`);
    expect(mail.text).toContain(`${jakartaTime(offer.expires_at)} (Asia/Jakarta)`);
    expect(mail.text).toContain('buka daftar tunggu Anda di aplikasi');
    expect(mail.text).toContain(`POST /customer/waitlist/offers/${offer.offer_id}/accept`);
  });

  it('one message however often the offer arrives (inbox and the offer as its key)', async () => {
    const tenant = await seedTenant(h.service);
    const customer = await registerCustomer(tenant, 'en');
    const event = newEvent('scheduling.waitlist.offered.v1', offered(tenant, customer.customer_id), {
      producer: 'scheduling',
      tenantId: tenant.tenantId,
    });
    // the same event twice, and the same offer in a second envelope
    await h.service.testBus.bus.publish([event]);
    await h.service.testBus.bus.publish([event]);
    await h.service.testBus.bus.publish([{ ...event, id: newId() }]);
    await waitFor(() => h.smtp.messages.find((m) => m.to === customer.email), { timeoutMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(h.smtp.messages.filter((m) => m.to === customer.email)).toHaveLength(1);
    expect((await notificationsOf(h.service, tenant.tenantId)).map((row) => row.kind)).toEqual([
      'waitlist_offer',
    ]);
  });

  it('nothing for an offer whose hold ended before its event was handled; none when updates are off', async () => {
    const tenant = await seedTenant(h.service);
    const late = await registerCustomer(tenant, 'en');
    const lapsed = newEvent(
      'scheduling.waitlist.offered.v1',
      offered(tenant, late.customer_id, { expires_at: new Date(Date.now() - 1_000).toISOString() }),
      { producer: 'scheduling', tenantId: tenant.tenantId },
    );
    await h.service.testBus.bus.publish([lapsed]);
    await waitFor(async () => {
      const handled = await selectRows(
        h.service.database.db.orm,
        sql`SELECT 1 FROM notifications.inbox WHERE event_id = ${lapsed.id}`,
      );
      return handled.length === 1;
    });
    expect(await notificationsOf(h.service, tenant.tenantId)).toEqual([]);

    const quiet = await registerCustomer(tenant, 'en', {
      notification_settings: {
        booking_reminders: true,
        promotional_offers: false,
        appointment_updates: false,
        loyalty_updates: false,
      },
    });
    await publish(
      h.service,
      'scheduling.waitlist.offered.v1',
      offered(tenant, quiet.customer_id),
      tenant.tenantId,
    );
    const [row] = await waitFor(async () => {
      const rows = await notificationsOf(h.service, tenant.tenantId);
      return rows.length === 1 && rows[0]!.status === 'FAILED' && rows;
    });
    expect(row!.failed_channels).toContainEqual({ channel: 'email', reason: 'notification_setting_off' });
    expect(h.smtp.messages.some((m) => m.to === late.email || m.to === quiet.email)).toBe(false);
  });
});
