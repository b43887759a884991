import { describeSeed, seedDemoSalon, type SeedSummary } from '../src/seed/seed';
import { DEMO_LOGINS } from '../src/seed/demo-salon';
import { startPlatformOnTestInfrastructure, type PlatformFixture } from './platform-fixture';

/**
 * `npm run seed` against the whole platform on real PostgreSQL and RabbitMQ: the demo salon exists as
 * described when looked at through the API, and a second run neither fails nor duplicates anything.
 */
let fixture: PlatformFixture;
let url: string;
const output: string[] = [];

beforeAll(async () => {
  fixture = await startPlatformOnTestInfrastructure();
  url = fixture.platform.url;
}, 60_000);

afterAll(async () => {
  await fixture?.stop();
});

const seed = () =>
  seedDemoSalon({
    apiUrl: url,
    smtpMessagesUrl: fixture.platform.sandboxLinks.smtp!,
    print: (line) => output.push(line),
  });

async function api(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as Record<string, any>;
}

async function login(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, any>;
}

/** What the salon holds, counted through the owner's API. */
async function census(token: string) {
  const total = async (path: string) => (await api('GET', path, token)).total as number;
  return {
    outlets: await total('/outlets'),
    services: await total('/services?size=1'),
    staff: await total('/staff?size=1'),
    customers: await total('/customers?size=1'),
    packages: await total('/packages?size=1'),
    customerPackages: await total('/staff/customer-packages?size=1'),
    appointments: await total('/appointments?size=1'),
  };
}

it('creates a living demo salon, and a second run changes nothing', async () => {
  const first: SeedSummary = await seed();
  expect(first).toMatchObject({
    created: true,
    plan: 'PRO',
    tenant: { slug: 'demo-salon' },
    counts: { outlets: 2, services: 12, staff: 6, customers: 4, packages: 3 },
    notes: [],
  });

  const owner = await login('/auth/login', DEMO_LOGINS.owner);
  const token = owner.access_token as string;
  const before = await census(token);
  expect(before).toEqual({
    outlets: 2,
    services: 12,
    staff: 6,
    customers: 4,
    packages: 3,
    customerPackages: 2,
    appointments: 4,
  });

  // Single and parallel services, some with buffers.
  const services = (await api('GET', '/services?size=100', token)).items as Array<Record<string, any>>;
  expect(services.filter((service) => service.allow_parallel_bookings)).toHaveLength(2);
  expect(services.some((service) => service.preparation_minutes > 0 && service.cleanup_minutes > 0)).toBe(
    true,
  );

  // Paid online appointments are confirmed; the unpaid one waits; the walk-in was confirmed at the desk.
  const appointments = (await api('GET', '/appointments?size=100', token)).items as Array<{ status: string }>;
  expect(appointments.map((appointment) => appointment.status).sort()).toEqual([
    'confirmed',
    'confirmed',
    'confirmed',
    'pending',
  ]);

  // The weekly working hours make a bookable grid for the coming week.
  const outlets = (await api('GET', '/outlets', token)).items as Array<{ id: string; name: string }>;
  const kemang = outlets.find((outlet) => outlet.name === 'Demo Salon Kemang')!;
  const haircut = services.find((service) => service.slug === 'womens-haircut')!;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const grid = await api(
    'GET',
    `/availability/availability-grid?service_id=${haircut.id}&outlet_id=${kemang.id}&start_date=${today}&num_days=7`,
    token,
  );
  expect(grid.metadata.total_available_slots).toBeGreaterThan(0);
  const inAMonth = new Date(Date.parse(today) + 30 * 86_400_000).toISOString().slice(0, 10);
  const vacation = await api(
    'GET',
    `/availability?availability_type=vacation&start_date=${today}&end_date=${inAMonth}`,
    token,
  );
  expect(vacation.total).toBeGreaterThan(0);

  // The printed logins work: the manager manages the second outlet, the customer verified her e-mail
  // with the code from the SMTP sandbox and owns the package she paid for online.
  const manager = await login('/auth/login', DEMO_LOGINS.manager);
  expect(manager.user.role).toBe('OUTLET_MANAGER');
  const customer = await login('/customer/auth/login', {
    ...DEMO_LOGINS.customer,
    tenant_slug: 'demo-salon',
  });
  expect(customer.customer.email_verified).toBe(true);
  const owned = await api('GET', '/customer/packages', customer.access_token);
  expect(owned.items).toEqual([expect.objectContaining({ package_name: 'Pamper Day', status: 'active' })]);

  const printed = describeSeed(first, url).join('\n');
  expect(printed).toContain(`${DEMO_LOGINS.owner.email} / ${DEMO_LOGINS.owner.password}`);
  expect(printed).toContain(`${DEMO_LOGINS.manager.email} / ${DEMO_LOGINS.manager.password}`);
  expect(printed).toContain(`${DEMO_LOGINS.customer.email} / ${DEMO_LOGINS.customer.password}`);
  expect(printed).toContain(`${url}/api/v1/docs`);

  const second = await seed();
  expect(second).toMatchObject({ created: false, plan: 'PRO', counts: first.counts, notes: [] });
  expect(await census(token)).toEqual(before);
}, 120_000);
