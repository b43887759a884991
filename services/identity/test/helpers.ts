import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SQL } from 'drizzle-orm';
import type { CustomerDeletionCheckResponse } from '@salon/contracts';
import type { StaffUpsertedV1 } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import { handleInbox, serviceUpsertedFixture, startTestService, type TestService } from '@salon/testing';
import { identityService } from '../src/definition';
import { onCatalogServiceUpserted } from '../src/events/handlers/catalog.service.upserted';
import { onSchedulingStaffUpserted } from '../src/events/handlers/scheduling.staff.upserted';

let counter = 0;

/** A valid registration body; every business field unique per call unless overridden. */
export function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const digits = String(Date.now() % 1e7).padStart(7, '0') + String(counter).padStart(3, '0');
  return {
    business_name: `Glow Studio ${tag}`,
    business_email: `owner-${tag}@glow.example`,
    business_phone: `+6281${digits}`,
    business_type: 'salon',
    description: 'Hair and nails',
    website: 'glow.example',
    admin_first_name: 'Ayu',
    admin_last_name: 'Lestari',
    admin_email: `admin-${tag}@glow.example`,
    admin_password: 'Secret123',
    terms_accepted: true,
    privacy_accepted: true,
    ...overrides,
  };
}

/** Registers a tenant and signs its admin in. */
export async function registeredTenant(service: TestService, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const registered = await service.request('POST', '/public/register', { body });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await service.request('POST', '/auth/login', {
    body: { email: body.admin_email, password: body.admin_password },
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return {
    body,
    tenantId: registered.body.tenant_id as string,
    slug: registered.body.slug as string,
    token: login.body.access_token as string,
    refreshToken: login.body.refresh_token as string,
    userId: login.body.user.id as string,
  };
}

/** The claims of a JWT, without verifying it (the service under test signed it). */
export function claimsOf(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

/** A valid customer registration body for a tenant; e-mail and phone unique per call unless overridden. */
export function customerRegistration(tenantSlug: string, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const digits = String(Date.now() % 1e6).padStart(6, '0') + String(counter).padStart(4, '0');
  return {
    email: `Customer-${tag}@Mail.example`,
    phone: `+6281${digits}`,
    password: 'Customer123',
    first_name: 'Sari',
    last_name: 'Dewi',
    tenant_slug: tenantSlug,
    ...overrides,
  };
}

/** Registers a customer with the tenant and signs in. */
export async function registeredCustomer(
  service: TestService,
  tenantSlug: string,
  overrides: Record<string, unknown> = {},
) {
  const body = customerRegistration(tenantSlug, overrides);
  const registered = await service.request('POST', '/customer/auth/register', { body });
  if (registered.status !== 201)
    throw new Error(`customer register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await service.request('POST', '/customer/auth/login', {
    body: { email: body.email, password: body.password, tenant_slug: tenantSlug },
  });
  if (login.status !== 200) throw new Error(`customer login: ${login.status} ${JSON.stringify(login.body)}`);
  return {
    body,
    customerId: registered.body.customer_id as string,
    token: login.body.access_token as string,
    refreshToken: login.body.refresh_token as string,
    login: login.body,
  };
}

/**
 * Identity started with `superAdmin` bootstrapped (one e-mail per test file) and any further `config`, and that
 * super admin signed in.
 */
export async function startWithSuperAdmin(
  superAdmin: { email: string; password: string },
  config: Record<string, string> = {},
) {
  const service = await startTestService(identityService, {
    ...config,
    SUPER_ADMIN_EMAIL: superAdmin.email,
    SUPER_ADMIN_PASSWORD: superAdmin.password,
  });
  const login = await service.request('POST', '/auth/login', { body: superAdmin });
  if (login.status !== 200)
    throw new Error(`super admin login: ${login.status} ${JSON.stringify(login.body)}`);
  return { service, superToken: login.body.access_token as string };
}

/** Runs SQL on the service's own database: arranging or checking what the API does not show. */
export const query = <T>(service: TestService, statement: SQL) =>
  service.running.context.db.orm.execute(statement) as unknown as Promise<{ rows: T[] }>;

type PrecheckAnswer = CustomerDeletionCheckResponse | 'down' | 'error';

/** A stand-in for the scheduling or commerce account-deletion pre-check, answering what the test tells it. */
export async function fakePrecheck() {
  const fake = {
    answer: { blocked: false, reason: null } as PrecheckAnswer,
    calls: [] as { path: string; token: string | undefined }[],
    url: '',
    server: undefined as unknown as Server,
  };
  fake.server = createServer((req, res) => {
    fake.calls.push({ path: req.url ?? '', token: req.headers['x-internal-token'] as string | undefined });
    if (fake.answer === 'down') {
      req.socket.destroy();
      return;
    }
    res.setHeader('content-type', 'application/json');
    if (fake.answer === 'error') {
      res.statusCode = 500;
      res.end('{"detail":"boom"}');
      return;
    }
    res.end(JSON.stringify(fake.answer));
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

/** A staff member of the tenant in identity's replica (as scheduling's event would leave it): its id. */
export async function knownStaff(
  service: TestService,
  tenantId: string,
  overrides: Partial<StaffUpsertedV1> = {},
) {
  const staff = staffUpsertedData(tenantId, overrides);
  await handleInbox(service, 'scheduling.staff.upserted.v1', onSchedulingStaffUpserted, staff, { tenantId });
  return staff.staff_id;
}

/** A service of the tenant in identity's replica (as catalog's event would leave it): its id. */
export async function knownService(service: TestService, tenantId: string) {
  const offered = serviceUpsertedFixture(tenantId);
  await handleInbox(service, 'catalog.service.upserted.v1', onCatalogServiceUpserted, offered, { tenantId });
  return offered.service_id;
}

/** `scheduling.staff.upserted.v1` data for an active staff member of the tenant. */
export const staffUpsertedData = (
  tenantId: string,
  overrides: Partial<StaffUpsertedV1> = {},
): StaffUpsertedV1 => ({
  staff_id: newId(),
  tenant_id: tenantId,
  outlet_id: newId(),
  user_id: null,
  first_name: 'Sari',
  last_name: 'Dewi',
  display_name: 'Sari',
  email: `sari-${newId()}@glow.example`,
  phone: null,
  position: 'Stylist',
  is_bookable: true,
  accepts_online_booking: true,
  service_ids: [],
  status: 'active',
  updated_at: new Date().toISOString(),
  version: 1,
  ...overrides,
});
