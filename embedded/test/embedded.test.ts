import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  deleteBrokerNamespace,
  testAmqpUrl,
  testNamespace,
  waitFor,
} from '@salon/testing';

/**
 * `npm start` in a child process, as a newcomer runs it, on a free port: first on embedded PostgreSQL (PGlite)
 * and the in-process bus, then the same process on real PostgreSQL and RabbitMQ. (PGlite needs real dynamic
 * imports, which jest's module sandbox does not give.) Each run drives every service through the gateway.
 */
it('runs on embedded PostgreSQL and the in-process bus', async () => {
  await runPlatformJourney({});
}, 120_000);

it('runs the same process on real PostgreSQL and RabbitMQ', async () => {
  const database = await createTestDatabase('embedded');
  const namespace = testNamespace();
  try {
    await runPlatformJourney({
      DATABASE_URL: database.url,
      AMQP_URL: testAmqpUrl(),
      EVENT_NAMESPACE: namespace,
    });
  } finally {
    await database.drop();
    await deleteBrokerNamespace(namespace);
  }
}, 120_000);

async function runPlatformJourney(extraEnv: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-embedded-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'embedded/src/main.ts'], {
    cwd: join(__dirname, '..', '..'),
    env: { PATH: process.env.PATH, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line in time:\n${output}`)), 50_000);
      child.stdout.on('data', () => {
        const match = /ready at (http:\/\/localhost:\d+)/.exec(output);
        if (match && output.includes('Metrics: ')) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });
    // The detail is on the metrics port, printed at start (a free loopback port unless METRICS_PORT is set).
    const metricsUrl = /Metrics: (http:\/\/127\.0\.0\.1:\d+)\/metrics/.exec(output)?.[1];
    expect(metricsUrl).toBeDefined();
    const detailed = await fetch(`${metricsUrl}/readyz`);
    expect(await detailed.json()).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', broker: 'ok' },
    });
    expect(await (await fetch(`${metricsUrl}/metrics`)).text()).toContain('http_requests_total');
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    expect(output).toMatch(/platform administrator: admin@salon\.local \/ \S+/);

    // Through the gateway to the in-process services on the shared PGlite: register, sign in, add a service.
    const api = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${url}/api/v1${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };
    const registered = await api('POST', '/public/register', {
      business_name: 'Embedded Glow',
      business_email: 'owner@embedded.example',
      business_phone: '+6281234567890',
      business_type: 'salon',
      admin_first_name: 'Ayu',
      admin_last_name: 'Lestari',
      admin_email: 'admin@embedded.example',
      admin_password: 'Secret123',
      terms_accepted: true,
      privacy_accepted: true,
    });
    expect(registered.status).toBe(201);
    const login = await api('POST', '/auth/login', {
      email: 'admin@embedded.example',
      password: 'Secret123',
    });
    expect(login.status).toBe(200);
    const created = await api(
      'POST',
      '/services',
      {
        name: 'Haircut',
        slug: 'haircut',
        category: 'hair_cut',
        duration_minutes: 45,
        pricing: { base_price: '150000', currency: 'IDR' },
      },
      login.body.access_token,
    );
    expect(created.status).toBe(201);
    // Billing created the FREE subscription from identity's registration event on the in-process bus.
    const subscription = await waitFor(async () => {
      const current = await api('GET', '/subscriptions/current', undefined, login.body.access_token);
      return current.status === 200 ? current.body : undefined;
    });
    expect(subscription).toMatchObject({
      tenant_id: registered.body.tenant_id,
      plan_type: 'FREE',
      status: 'active',
    });
    // Every service answers behind the gateway.
    expect((await api('GET', '/staff', undefined, login.body.access_token)).body).toMatchObject({ total: 0 });
    expect((await api('GET', '/packages/limits', undefined, login.body.access_token)).status).toBe(200);
    expect(output).toMatch(/Sandbox smtp: http:\/\/127\.0\.0\.1:\d+\/sandbox\/messages/);
    const search = await api('GET', '/services?search=hair', undefined, login.body.access_token);
    expect(search.body.items.map((service: { id: string }) => service.id)).toEqual([created.body.id]);

    // Upgrade journey across every service: FREE allows 10 services; the 11th is refused until the tenant
    // pays a PRO invoice on the sandbox's hosted page; the paid callback goes gateway → commerce → billing,
    // and the new plan reaches catalog's replica.
    const token = login.body.access_token;
    const newService = (n: number) =>
      api(
        'POST',
        '/services',
        {
          name: `Service ${n}`,
          slug: `service-${n}`,
          category: 'other',
          duration_minutes: 30,
          pricing: { base_price: 1000, currency: 'IDR' },
        },
        token,
      );
    for (let n = 2; n <= 10; n += 1) expect((await newService(n)).status).toBe(201);
    expect((await newService(11)).status).toBe(402);
    const upgrade = await api('POST', '/subscriptions/upgrade', { target_plan: 'pro' }, token);
    expect(upgrade.status).toBe(200);
    expect(upgrade.body).toMatchObject({ status: 'payment_pending', subscription: { plan: 'free' } });
    const page = new URL(
      upgrade.body.invoice.gateway_payment_url ?? upgrade.body.invoice.gateway_invoice_url,
    );
    const hosted = await (await fetch(page)).text();
    const action = /<form method="post" action="([^"]+)"/.exec(hosted)?.[1];
    expect(action).toBeDefined();
    const paid = await fetch(new URL(action!, page), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'payment_method=QRIS',
      redirect: 'manual',
    });
    expect(paid.status).toBeLessThan(400);
    await waitFor(async () => (await newService(11)).status === 201, {
      timeoutMs: 30_000,
      message: 'the PRO plan never reached catalog',
    });
    const current = await api('GET', '/subscriptions/current', undefined, token);
    expect(current.body.plan_type).toBe('PRO');

    // Booking journey: staff with working hours, a customer books and pays by QRIS on the hosted page; the
    // provider's callback goes gateway → commerce, and scheduling confirms the appointment.
    const outlets = await api('GET', '/outlets', undefined, token);
    const outletId = outlets.body.items[0].id as string;
    const staff = await api(
      'POST',
      '/staff',
      {
        outlet_id: outletId,
        first_name: 'Sari',
        last_name: 'Dewi',
        email: 'sari@embedded.example',
        position: 'Senior Provider',
        employment_type: 'full_time',
      },
      token,
    );
    expect(staff.status).toBe(201);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
      new Date(Date.now() + 5 * 86_400_000),
    );
    const hours = await api(
      'POST',
      '/availability',
      {
        staff_id: staff.body.id,
        date: day,
        start_time: '09:00',
        end_time: '17:00',
        availability_type: 'working_hours',
      },
      token,
    );
    expect(hours.status).toBe(201);
    const customerBody = {
      email: 'rina@embedded.example',
      password: 'Secret123',
      tenant_slug: registered.body.slug,
    };
    expect(
      (
        await api('POST', '/customer/auth/register', {
          ...customerBody,
          first_name: 'Rina',
          last_name: 'Putri',
        })
      ).status,
    ).toBe(201);
    const customer = await api('POST', '/customer/auth/login', customerBody);
    expect(customer.status).toBe(200);
    const customerToken = customer.body.access_token as string;
    const booked = await api(
      'POST',
      '/appointments',
      {
        outlet_id: outletId,
        appointment_date: day,
        start_time: '10:00',
        services: [{ service_id: created.body.id, staff_id: staff.body.id }],
      },
      customerToken,
    );
    expect(booked.status).toBe(201);
    expect(booked.body.status).toBe('pending');
    const payment = await waitFor(async () => {
      const attempt = await api(
        'POST',
        '/customer/payments/process-appointment',
        { appointment_id: booked.body.id, payment_method: 'QRIS' },
        customerToken,
      );
      return attempt.status === 200 || attempt.status === 201 ? attempt.body : undefined;
    });
    const appointmentPage = new URL(payment.payment_url);
    const appointmentForm = /<form method="post" action="([^"]+)"/.exec(
      await (await fetch(appointmentPage)).text(),
    );
    const settled = await fetch(new URL(appointmentForm![1]!, appointmentPage), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'payment_method=QRIS',
      redirect: 'manual',
    });
    expect(settled.status).toBeLessThan(400);
    await waitFor(
      async () => {
        const appointment = await api('GET', `/appointments/${booked.body.id}`, undefined, customerToken);
        return appointment.body.status === 'confirmed';
      },
      { timeoutMs: 30_000, message: 'the paid appointment was never confirmed' },
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
