import { waitFor } from '@salon/testing';
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
 * The public booking API as a new customer meets it (issue 18): after the business sets up with its staff
 * token, no staff token is used again. Public business and outlets → services with prices → staff → grid →
 * register → book → pay on the hosted page → confirmed, all through the gateway on real PostgreSQL and RabbitMQ.
 */
let platform: Platform;
let business: Business;
let staffOnline: string;
let staffOffline: string;
let hiddenServiceId: string;

beforeAll(async () => {
  platform = await startPlatform({
    env: { gateway: { RATE_LIMIT_PUBLIC: '1000/10000', RATE_LIMIT_STAFF: '1000/10000' } },
  });
}, 120_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

const WAIT = { timeoutMs: 30_000, intervalMs: 100 };

it('setup (staff token): a branded business with services, a hidden one, and two staff members', async () => {
  business = await registerBusiness(platform, 'Lumen');
  expectStatus(
    await platform.request('PUT', `/tenants/${business.tenantId}`, {
      token: business.token,
      body: { logo_url: 'https://img.example/lumen.png', theme_color: '#7A3E9D' },
    }),
    200,
  );
  const outlets = expectStatus(await platform.request('GET', '/outlets', { token: business.token }), 200);
  business.outletId = outlets.items[0].id;
  const service = async (body: Record<string, unknown>) =>
    expectStatus(await platform.request('POST', '/services', { token: business.token, body }), 201).id;
  business.haircutId = await service({
    name: 'Haircut',
    slug: 'haircut',
    category: 'hair_cut',
    duration_minutes: 45,
    image_url: 'https://img.example/haircut.png',
    pricing: { base_price: '150000', currency: 'IDR' },
  });
  hiddenServiceId = await service({
    name: 'Staff training',
    slug: 'staff-training',
    category: 'hair_cut',
    duration_minutes: 30,
    is_active: false,
    pricing: { base_price: '1', currency: 'IDR' },
  });
  staffOnline = (
    await addStaff(platform, business.token, {
      outlet_id: business.outletId,
      first_name: 'Sari',
      last_name: 'Dewi',
      email: 'sari@lumen.example',
      service_ids: [business.haircutId],
    })
  ).id;
  business.staffId = staffOnline;
  const offline = expectStatus(
    await platform.request('POST', '/staff', {
      token: business.token,
      body: {
        outlet_id: business.outletId,
        first_name: 'Budi',
        last_name: 'Santoso',
        email: 'budi@lumen.example',
        phone: '+6281299990000',
        position: 'Stylist',
        employment_type: 'full_time',
        accepts_online_booking: false,
        skills: { service_ids: [business.haircutId] },
      },
    }),
    201,
  );
  staffOffline = offline.id;
  await addDailyHours(platform, business.token, { id: staffOnline, timezone: business.timezone }, 10);
});

describe('a new customer, with no staff token', () => {
  it('reads the business and its outlets by slug, cacheable; an unknown slug is 404', async () => {
    const answer = await platform.request('GET', `/public/tenants/${business.slug}`);
    const body = expectStatus(answer, 200);
    expect(body).toMatchObject({
      slug: business.slug,
      name: 'Lumen',
      logo_url: 'https://img.example/lumen.png',
      theme_color: '#7A3E9D',
      currency: 'IDR',
      timezone: business.timezone,
      outlets: [{ id: business.outletId, timezone: expect.any(String), business_hours: expect.any(Object) }],
    });
    expect(JSON.stringify(body)).not.toContain(business.tenantId);
    // The ETag and Cache-Control pass through the gateway, and so does a 304.
    const etag = answer.headers.get('etag')!;
    expect(answer.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await platform.request('GET', `/public/tenants/${business.slug}`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect((await platform.request('GET', '/public/tenants/no-such-salon')).status).toBe(404);
  });

  it('lists the bookable services with the price for the outlet, then the staff who take online bookings', async () => {
    // Catalog and scheduling learn the tenant, its outlet, services and staff from events.
    const services = await waitFor(async () => {
      const answer = await platform.request(
        'GET',
        `/public/tenants/${business.slug}/services?outlet_id=${business.outletId}`,
      );
      return answer.status === 200 && answer.body.total === 1 && answer.body;
    }, WAIT);
    expect(services.items).toEqual([
      expect.objectContaining({
        id: business.haircutId,
        name: 'Haircut',
        duration_minutes: 45,
        category: 'hair_cut',
        image_url: 'https://img.example/haircut.png',
        price: { amount: '150000.00', currency: 'IDR', source: 'base_price' },
      }),
    ]);
    expect(services.categories.map((entry: { category: string }) => entry.category)).toEqual(['hair_cut']);
    expect(JSON.stringify(services)).not.toContain(hiddenServiceId);

    const staff = await waitFor(async () => {
      const answer = await platform.request(
        'GET',
        `/public/tenants/${business.slug}/staff?outlet_id=${business.outletId}&service_id=${business.haircutId}`,
      );
      return answer.status === 200 && answer.body.items.length > 0 && answer.body;
    }, WAIT);
    expect(staff.items).toEqual([
      {
        id: staffOnline,
        display_name: expect.stringContaining('Sari'),
        profile_image_url: null,
        gender: null,
        position: 'Stylist',
        bio: null,
      },
    ]);
    const text = JSON.stringify(staff);
    for (const leak of [staffOffline, 'sari@lumen.example', '+6281299990000'])
      expect(text).not.toContain(leak);
  });

  it('finds a free slot on the grid, registers, books it, pays on the hosted page and is confirmed', async () => {
    const day = localDate(business.timezone, 3);
    const grid = expectStatus(
      await platform.request(
        'GET',
        `/public/tenants/${business.slug}/availability?service_id=${business.haircutId}` +
          `&outlet_id=${business.outletId}&start_date=${day}&num_days=1`,
      ),
      200,
    );
    const slot = grid.availability_grid[day].find(
      (candidate: { is_available: boolean }) => candidate.is_available,
    );
    expect(slot).toBeDefined();

    const customer = await registerCustomer(platform, business, 'nadia@customer.example', 'Nadia');
    const booked = expectStatus(
      await platform.request('POST', '/appointments', {
        token: customer.token,
        body: {
          outlet_id: business.outletId,
          appointment_date: day,
          start_time: slot.start_time.slice(0, 5),
          services: [{ service_id: business.haircutId, staff_id: staffOnline }],
        },
      }),
      201,
    );
    expect(booked.status).toBe('pending');

    const payment = expectStatus(
      await platform.request('POST', '/customer/payments/process-appointment', {
        token: customer.token,
        body: { appointment_id: booked.id, payment_method: 'QRIS' },
      }),
      200,
    );
    // The public price plus the FREE plan's 8 % platform fee.
    expect(Number(payment.amount)).toBe(162_000);
    await platform.sandbox.payInvoice(payment.payment_url);
    const confirmed = await waitFor(async () => {
      const appointment = await platform.request('GET', `/appointments/${booked.id}`, {
        token: customer.token,
      });
      return appointment.body.status === 'confirmed' && appointment.body;
    }, WAIT);
    expect(confirmed).toMatchObject({ id: booked.id, appointment_date: day });

    // The slot is gone from the public grid.
    const after = expectStatus(
      await platform.request(
        'GET',
        `/public/tenants/${business.slug}/availability?service_id=${business.haircutId}` +
          `&outlet_id=${business.outletId}&start_date=${day}&num_days=1`,
      ),
      200,
    );
    const same = after.availability_grid[day].find(
      (candidate: { start_time: string }) => candidate.start_time === slot.start_time,
    );
    expect(same?.is_available ?? false).toBe(false);
  });
});
