import { pdfText, waitFor } from '@salon/testing';
import {
  addDailyHours,
  addStaff,
  expectStatus,
  localDate,
  registerBusiness,
  registerCustomer,
  type Business,
} from './journey-steps';
import { startPlatform, type Platform } from '../src/platform';

/**
 * The six journeys of the platform as its users meet it: through the gateway, every service in its own
 * process on real PostgreSQL and RabbitMQ, the provider sandboxes in another. One platform for the file; the
 * journeys run in order and build on each other (the business of journey 1 serves every later one).
 */
let platform: Platform;
let business: Business;

beforeAll(async () => {
  platform = await startPlatform({
    // The journeys are not about rate limits (the security suite tests them): one client makes every call.
    env: { gateway: { RATE_LIMIT_PUBLIC: '1000/10000', RATE_LIMIT_STAFF: '1000/10000' } },
  });
}, 120_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

const WAIT = { timeoutMs: 30_000, intervalMs: 100 };

describe('1. a business sets up', () => {
  it('registers, logs in, and is on the FREE plan in every service', async () => {
    business = await registerBusiness(platform, 'Glow');
    const subscription = await waitFor(async () => {
      const current = await platform.request('GET', '/subscriptions/current', { token: business.token });
      return current.status === 200 && current.body;
    }, WAIT);
    expect(subscription).toMatchObject({ tenant_id: business.tenantId, plan_type: 'FREE', status: 'active' });
  });

  it('has the outlet made at registration; FREE allows no second one', async () => {
    const outlets = expectStatus(await platform.request('GET', '/outlets', { token: business.token }), 200);
    expect(outlets.items).toHaveLength(1);
    business.outletId = outlets.items[0].id;
    const second = await platform.request('POST', '/outlets', {
      token: business.token,
      body: { name: 'Glow Kemang', address: 'Jl. Kemang Raya 1' },
    });
    expect(second.status).toBe(402);
  });

  it('adds a single service and a parallel one, both with buffers', async () => {
    const haircut = expectStatus(
      await platform.request('POST', '/services', {
        token: business.token,
        body: {
          name: 'Haircut',
          slug: 'haircut',
          category: 'hair_cut',
          duration_minutes: 45,
          preparation_minutes: 5,
          cleanup_minutes: 10,
          pricing: { base_price: '150000', currency: 'IDR' },
        },
      }),
      201,
    );
    const spa = expectStatus(
      await platform.request('POST', '/services', {
        token: business.token,
        body: {
          name: 'Hair spa',
          slug: 'hair-spa',
          category: 'hair_treatment',
          duration_minutes: 60,
          cleanup_minutes: 15,
          allow_parallel_bookings: true,
          max_parallel_bookings: 2,
          pricing: { base_price: '200000', currency: 'IDR' },
        },
      }),
      201,
    );
    expect(spa).toMatchObject({
      allow_parallel_bookings: true,
      max_parallel_bookings: 2,
      cleanup_minutes: 15,
    });
    business.haircutId = haircut.id;
    business.spaId = spa.id;
  });

  it('adds a staff member with recurring working hours and a vacation', async () => {
    const staff = await addStaff(platform, business.token, {
      outlet_id: business.outletId,
      first_name: 'Sari',
      last_name: 'Dewi',
      email: 'sari@glow.example',
      service_ids: [business.haircutId, business.spaId],
    });
    business.staffId = staff.id;
    business.staffEmail = 'sari@glow.example';
    const hours = await addDailyHours(
      platform,
      business.token,
      { id: staff.id, timezone: business.timezone },
      31,
    );
    expect(hours.summary.total_entries_created).toBe(31);
    const vacationDay = localDate(business.timezone, 9);
    expectStatus(
      await platform.request('POST', '/availability', {
        token: business.token,
        body: {
          staff_id: staff.id,
          date: vacationDay,
          start_time: '09:00',
          end_time: '17:00',
          availability_type: 'vacation',
          is_available: false,
          notes: 'Family trip',
        },
      }),
      201,
    );
    const grid = expectStatus(
      await platform.request(
        'GET',
        `/availability/availability-grid?service_id=${business.haircutId}&outlet_id=${business.outletId}` +
          `&start_date=${localDate(business.timezone, 8)}&num_days=2`,
        { token: business.token },
      ),
      200,
    );
    const open = (day: string) => grid.availability_grid[day].filter((slot: any) => slot.is_available);
    expect(open(localDate(business.timezone, 8)).length).toBeGreaterThan(0);
    expect(open(vacationDay)).toEqual([]);
  });

  it('adds a package of haircut credits', async () => {
    const created = await waitFor(async () => {
      const response = await platform.request('POST', '/packages', {
        token: business.token,
        body: {
          name: 'Haircut duo',
          package_items: [{ service_id: business.haircutId, quantity: 2 }],
          package_price: '250000',
          validity_days: 30,
        },
      });
      // Until catalog's service event reaches commerce, the service is unknown there.
      return response.status === 201 && response.body;
    }, WAIT);
    expect(created).toMatchObject({ total_individual_price: expect.anything(), validity_days: 30 });
    expect(Number(created.discount_percentage)).toBeCloseTo(16.67, 2);
    business.packageId = created.id;
  });
});

describe('2. a customer books, pays, reschedules and cancels', () => {
  it('registers, verifies the e-mail with the code sent, and browses', async () => {
    const rina = await registerCustomer(platform, business, 'rina@customer.example', 'Rina');
    business.customers.rina = rina;
    const code = await waitFor(async () => {
      const [mail] = await platform.sandbox.messages('email', rina.email);
      return mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    }, WAIT);
    expectStatus(
      await platform.request('POST', '/customer/auth/verify-email', { token: rina.token, body: { code } }),
      200,
    );
    const profile = expectStatus(
      await platform.request('GET', '/customers/profile', { token: rina.token }),
      200,
    );
    expect(profile.email_verified).toBe(true);

    const services = expectStatus(await platform.request('GET', '/services', { token: rina.token }), 200);
    expect(services.items.map((service: any) => service.name)).toEqual(['Hair spa', 'Haircut']);
    const day = localDate(business.timezone, 5);
    const grid = expectStatus(
      await platform.request(
        'GET',
        `/public/tenants/${business.slug}/availability?service_id=${business.haircutId}` +
          `&outlet_id=${business.outletId}&start_date=${day}&num_days=1`,
      ),
      200,
    );
    const ten = grid.availability_grid[day].find((slot: any) => slot.start_time.startsWith('10:00'));
    expect(ten).toMatchObject({ is_available: true });
  });

  it('books, pays on the hosted page, is confirmed, and the e-mails arrive', async () => {
    const rina = business.customers.rina!;
    const booked = expectStatus(
      await platform.request('POST', '/appointments', {
        token: rina.token,
        body: {
          outlet_id: business.outletId,
          appointment_date: localDate(business.timezone, 5),
          start_time: '10:00',
          services: [{ service_id: business.haircutId, staff_id: business.staffId }],
        },
      }),
      201,
    );
    expect(booked.status).toBe('pending');
    business.appointmentId = booked.id;

    // The 24 h and 2 h reminders are scheduled on the task tier at once (both are within 30 days).
    const reminders = await waitFor(async () => {
      const rows = await remindersOf(booked.id);
      return rows.length === 2 && rows;
    }, WAIT);
    expect(reminders.map((row) => row.status)).toEqual(['PROMOTED', 'PROMOTED']);
    const stats = expectStatus(
      await platform.request('GET', '/webhooks/notifications/promotion-stats', { internal: true }),
      200,
    );
    expect(stats).toMatchObject({ status: 'success', promoted: 2 });

    const payment = expectStatus(
      await platform.request('POST', '/customer/payments/process-appointment', {
        token: rina.token,
        body: { appointment_id: booked.id, payment_method: 'QRIS' },
      }),
      200,
    );
    // The customer pays the price plus the FREE plan's 8 % platform fee.
    expect(Number(payment.amount)).toBe(162_000);
    await platform.sandbox.payInvoice(payment.payment_url);
    await waitFor(async () => {
      const appointment = await platform.request('GET', `/appointments/${booked.id}`, { token: rina.token });
      return appointment.body.status === 'confirmed';
    }, WAIT);
    await waitFor(async () => {
      const mails = await platform.sandbox.messages('email', rina.email);
      return mails.some((mail) => /booking is confirmed|pemesanan Anda dikonfirmasi/.test(mail.subject));
    }, WAIT);
    await waitFor(async () => {
      const mails = await platform.sandbox.messages('email', business.staffEmail);
      return mails.some((mail) => /new confirmed booking|pemesanan baru dikonfirmasi/.test(mail.subject));
    }, WAIT);

    // The invoice to keep: a PDF through the gateway, without a token, showing it paid.
    const pdf = await fetch(payment.invoice_pdf_url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(await pdf.arrayBuffer());
    for (const expected of ['Glow', payment.invoice_number, 'Status: Paid', 'Rina', 'Total IDR 162,000']) {
      expect(text).toContain(expected);
    }
  });

  it('reschedules: the reminders move and the old ones skip', async () => {
    const rina = business.customers.rina!;
    const before = await remindersOf(business.appointmentId);
    const moved = expectStatus(
      await platform.request('PUT', `/appointments/${business.appointmentId}/reschedule`, {
        token: rina.token,
        body: { new_date: localDate(business.timezone, 6), new_start_time: '11:00' },
      }),
      200,
    );
    expect(moved).toMatchObject({ appointment_date: localDate(business.timezone, 6) });
    const after = await waitFor(async () => {
      const rows = await remindersOf(business.appointmentId);
      return rows.every((row, i) => row.version > before[i]!.version) && rows;
    }, WAIT);
    for (const [i, row] of after.entries()) {
      expect(new Date(row.scheduled_at).getTime()).toBe(
        new Date(before[i]!.scheduled_at).getTime() + 25 * 3_600_000,
      );
      // The task of the old time carries the old version: when it fires, it skips.
      const fired = expectStatus(
        await platform.request('POST', '/webhooks/notifications/trigger', {
          internal: true,
          body: { scheduled_notification_id: row.id, version: before[i]!.version },
        }),
        200,
      );
      expect(fired).toMatchObject({ status: 'skipped', notification_id: row.id });
    }
  });

  it('cancels, and the slot goes to the next customer', async () => {
    const rina = business.customers.rina!;
    const dewi = await registerCustomer(platform, business, 'dewi@customer.example', 'Dewi');
    business.customers.dewi = dewi;
    const slot = {
      outlet_id: business.outletId,
      appointment_date: localDate(business.timezone, 6),
      start_time: '11:00',
      services: [{ service_id: business.haircutId, staff_id: business.staffId }],
    };
    expect((await platform.request('POST', '/appointments', { token: dewi.token, body: slot })).status).toBe(
      409,
    );
    const cancelled = expectStatus(
      await platform.request('PUT', `/appointments/${business.appointmentId}/cancel`, { token: rina.token }),
      200,
    );
    expect(cancelled).toMatchObject({ id: business.appointmentId, status: 'cancelled' });
    expectStatus(await platform.request('POST', '/appointments', { token: dewi.token, body: slot }), 201);
    await waitFor(async () => {
      const rows = await remindersOf(business.appointmentId);
      return rows.every((row) => row.status === 'CANCELLED');
    }, WAIT);
  });
});

describe('3. a customer buys packages; credits are redeemed first in, first out', () => {
  const packageIds: string[] = [];

  it('buys two packages online and pays them on the hosted page', async () => {
    const rina = business.customers.rina!;
    const browse = expectStatus(
      await platform.request('GET', '/customer/packages/browse', { token: rina.token }),
      200,
    );
    expect(browse.items.map((item: any) => item.id)).toEqual([business.packageId]);
    for (let n = 0; n < 2; n += 1) {
      const purchase = expectStatus(
        await platform.request('POST', '/customer/packages/purchase', {
          token: rina.token,
          body: {
            package_id: business.packageId,
            outlet_id: business.outletId,
            payment_method: 'gateway_digital',
          },
        }),
        201,
      );
      expect(purchase.customer_package).toMatchObject({
        status: 'pending_payment',
        payment_status: 'pending',
      });
      await platform.sandbox.payInvoice(purchase.invoice.payment_url);
      const paid = await waitFor(async () => {
        const own = await platform.request('GET', `/customer/packages/${purchase.customer_package.id}`, {
          token: rina.token,
        });
        return own.body.status === 'active' && own.body;
      }, WAIT);
      expect(paid).toMatchObject({ payment_status: 'paid', total_credits: 2, remaining_credits: 2 });
      packageIds.push(paid.id);
    }
  });

  it('redeems the oldest package first until it depletes', async () => {
    const rina = business.customers.rina!;
    for (const remaining of [3, 2]) {
      const redeemed = expectStatus(
        await platform.request('POST', '/staff/customer-packages/credits/redeem', {
          token: business.token,
          body: { customer_id: rina.id, service_id: business.haircutId, quantity: 1 },
        }),
        200,
      );
      expect(redeemed.redeemed).toEqual([expect.objectContaining({ customer_package_id: packageIds[0] })]);
      expect(redeemed.remaining_credits_for_service).toBe(remaining);
    }
    const [first, second] = await Promise.all(
      packageIds.map(async (id) =>
        expectStatus(await platform.request('GET', `/customer/packages/${id}`, { token: rina.token }), 200),
      ),
    );
    expect(first).toMatchObject({ status: 'depleted', used_credits: 2, remaining_credits: 0 });
    expect(second).toMatchObject({ status: 'active', used_credits: 0, remaining_credits: 2 });
  });

  it('expires the other package when its validity has passed', async () => {
    const rina = business.customers.rina!;
    // No API moves a package's expiry and the job takes no date: the journey ages the package in commerce's
    // database, as 30 days passing would, then runs the job as the CronJob does.
    await platform.query(
      'commerce',
      `UPDATE commerce.customer_packages SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [packageIds[1]],
    );
    await platform.query(
      'commerce',
      `UPDATE commerce.credits SET expires_at = now() - interval '1 minute' WHERE customer_package_id = $1`,
      [packageIds[1]],
    );
    const job = expectStatus(
      await platform.request('POST', '/internal/jobs/expire-packages', { internal: true }),
      200,
    );
    expect(job).toEqual({ expired: 1 });
    const expired = expectStatus(
      await platform.request('GET', `/customer/packages/${packageIds[1]}`, { token: rina.token }),
      200,
    );
    expect(expired).toMatchObject({
      status: 'expired',
      used_credits: 0,
      remaining_credits: 0,
      expired_credits: 2,
    });
    const refused = await platform.request('POST', '/staff/customer-packages/credits/redeem', {
      token: business.token,
      body: { customer_id: rina.id, service_id: business.haircutId, quantity: 1 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'Credits expired for this service' });
  });
});

describe('4. the tenant upgrades to PRO and later downgrades', () => {
  const newService = (n: number) =>
    platform.request('POST', '/services', {
      token: business.token,
      body: {
        name: `Service ${n}`,
        slug: `service-${n}`,
        category: 'other',
        duration_minutes: 30,
        pricing: { base_price: 1000, currency: 'IDR' },
      },
    });

  it('is refused the 11th service on FREE', async () => {
    for (let n = 3; n <= 10; n += 1) expectStatus(await newService(n), 201);
    const refused = await newService(11);
    expect(refused.status).toBe(402);
  });

  it('pays the PRO invoice, and every service applies the higher limits', async () => {
    const upgrade = expectStatus(
      await platform.request('POST', '/subscriptions/upgrade', {
        token: business.token,
        body: { target_plan: 'pro' },
      }),
      200,
    );
    expect(upgrade).toMatchObject({ status: 'payment_pending', subscription: { plan: 'free' } });
    await platform.sandbox.payInvoice(
      upgrade.invoice.gateway_payment_url ?? upgrade.invoice.gateway_invoice_url,
    );
    // The paid callback goes gateway → commerce → billing; the plan event reaches catalog and identity.
    await waitFor(async () => (await newService(11)).status === 201, WAIT);
    const current = expectStatus(
      await platform.request('GET', '/subscriptions/current', { token: business.token }),
      200,
    );
    expect(current.plan_type).toBe('PRO');
    await waitFor(async () => {
      const outlet = await platform.request('POST', '/outlets', {
        token: business.token,
        body: { name: 'Glow Kemang', address: 'Jl. Kemang Raya 1' },
      });
      return outlet.status === 201;
    }, WAIT);
  });

  it('downgrades at the end of the period, not before', async () => {
    const downgrade = expectStatus(
      await platform.request('POST', '/subscriptions/downgrade', {
        token: business.token,
        body: { target_plan: 'free', reason: 'quiet season' },
      }),
      200,
    );
    expect(downgrade).toMatchObject({
      plan: 'pro',
      scheduled_changes: { target_plan: 'free', effective_date: downgrade.current_period_end },
    });
    const effective: string = downgrade.scheduled_changes.effective_date;
    // The CronJob's run a minute before the period ends changes nothing; the run at its end applies it.
    const early = expectStatus(
      await platform.request('POST', '/internal/jobs/apply-scheduled-changes', {
        internal: true,
        body: { as_of: new Date(new Date(effective).getTime() - 60_000).toISOString() },
      }),
      200,
    );
    expect(
      (await platform.request('GET', '/subscriptions/current', { token: business.token })).body.plan_type,
    ).toBe('PRO');
    const due = expectStatus(
      await platform.request('POST', '/internal/jobs/apply-scheduled-changes', {
        internal: true,
        body: { as_of: effective },
      }),
      200,
    );
    expect(early).toMatchObject({ applied: 0 });
    expect(due).toMatchObject({ applied: 1, as_of: effective });
    const current = expectStatus(
      await platform.request('GET', '/subscriptions/current', { token: business.token }),
      200,
    );
    expect(current).toMatchObject({ plan_type: 'FREE', scheduled_changes: null });
    await waitFor(async () => (await newService(12)).status === 402, WAIT);
  });
});

describe('5. the AI-chat quota', () => {
  const track = (tokens: number) =>
    platform.request('POST', '/token-usage/track', {
      token: business.customers.rina!.token,
      body: { tokens, conversation_id: 'conv-1', message_count: 1 },
    });
  const quota = async () =>
    expectStatus(
      await platform.request('GET', '/token-usage/quota', { token: business.customers.rina!.token }),
      200,
    );

  it('blocks at the FREE daily limit', async () => {
    expect(await quota()).toMatchObject({
      allowed: true,
      daily_quota: 16_000,
      used_today: 0,
      blocked: false,
    });
    const warned = expectStatus(await track(13_000), 200);
    expect(warned).toMatchObject({ recorded: true, new_total_today: 13_000, quota_exceeded: false });
    expect(warned.warning).toEqual(expect.any(String));
    const over = await track(3_001);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ detail: 'Daily token quota exceeded. Limit resets at midnight UTC.' });
    expect(await quota()).toMatchObject({
      allowed: false,
      used_today: 16_001,
      blocked: true,
      blocked_reason: 'daily_quota_exceeded',
    });
  });

  it('resets with the daily job at the next UTC midnight', async () => {
    const { resets_at } = await quota();
    const nextMidnight = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(resets_at).toBe(`${nextMidnight}T00:00:00.000Z`);
    // The services keep real time: the job runs "as of" the moments around midnight.
    const before = expectStatus(
      await platform.request('POST', '/token-usage/quota-reset', {
        internal: true,
        body: { as_of: new Date(new Date(resets_at).getTime() - 1_000).toISOString() },
      }),
      200,
    );
    expect(before).toMatchObject({ success: true, reset_count: 0 });
    const at = expectStatus(
      await platform.request('POST', '/token-usage/quota-reset', {
        internal: true,
        body: { as_of: resets_at },
      }),
      200,
    );
    expect(at).toMatchObject({ success: true, reset_count: 1 });
  });
});

describe('6. the customer deletes the account', () => {
  it('is refused while an appointment is upcoming, accepted after its cancellation', async () => {
    const rina = business.customers.rina!;
    const booked = expectStatus(
      await platform.request('POST', '/appointments', {
        token: rina.token,
        body: {
          outlet_id: business.outletId,
          appointment_date: localDate(business.timezone, 7),
          start_time: '14:00',
          services: [{ service_id: business.spaId, staff_id: business.staffId }],
        },
      }),
      201,
    );
    const refused = await platform.request('DELETE', '/customers/account', { token: rina.token });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/upcoming appointment/);
    expectStatus(
      await platform.request('PUT', `/appointments/${booked.id}/cancel`, { token: rina.token }),
      200,
    );
    const deleted = expectStatus(
      await platform.request('DELETE', '/customers/account', { token: rina.token }),
      200,
    );
    expect(deleted).toMatchObject({ success: true });
  });

  it("every service has anonymised or deleted the customer's data", async () => {
    const rina = business.customers.rina!;
    const staff = { token: business.token };
    // identity: the account is gone.
    expect((await platform.request('GET', `/customers/${rina.id}`, staff)).status).toBe(404);
    const login = await platform.request('POST', '/customer/auth/login', {
      body: { email: rina.email, password: rina.password },
    });
    expect(login.status).toBe(401);
    // scheduling: the appointments stay for the books, without the customer.
    await waitFor(async () => {
      const appointment = expectStatus(
        await platform.request('GET', `/appointments/${business.appointmentId}`, staff),
        200,
      );
      return appointment.customer_id === null;
    }, WAIT);
    // commerce: the paid packages stay for the books, without the customer.
    await waitFor(async () => {
      const sold = expectStatus(await platform.request('GET', '/staff/customer-packages', staff), 200);
      return sold.items.length === 2 && sold.items.every((item: any) => item.customer_id === null);
    }, WAIT);
    // billing: the token quota, counters and log are gone with the customer.
    await waitFor(async () => {
      const override = await platform.request('PATCH', `/token-usage/quota/${rina.id}`, {
        ...staff,
        body: { daily_quota: 1000 },
      });
      return override.status === 404;
    }, WAIT);
    // notifications: no API lists a customer's notifications, so the journey reads its database.
    await waitFor(async () => {
      const [left] = await platform.query<{ count: string }>(
        'notifications',
        `SELECT count(*) FROM notifications.scheduled_notifications WHERE recipient_id = $1`,
        [rina.id],
      );
      return left!.count === '0';
    }, WAIT);
  });
});

/**
 * The reminders of an appointment, 24 h first. No API lists scheduled notifications (the spec's webhooks take
 * an id), so the journey reads them from the notifications database; it never writes there.
 */
function remindersOf(appointmentId: string) {
  return platform.query<{ id: string; version: number; status: string; scheduled_at: string }>(
    'notifications',
    `SELECT id, version, status, scheduled_at FROM notifications.scheduled_notifications
      WHERE appointment_id = $1 AND kind = 'appointment_reminder' ORDER BY scheduled_at`,
    [appointmentId],
  );
}
