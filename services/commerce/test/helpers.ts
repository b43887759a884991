import {
  type CustomerRegisteredV1,
  type EventData,
  type EventType,
  type PlanType,
  type ServiceUpsertedV1,
} from '@salon/contracts';
import { newEvent, type InboxHandler } from '@salon/messaging';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandboxProvider, type SandboxProvider } from '@salon/payment-provider';
import { newId } from '@salon/service-kit';
import {
  applyInbox,
  customerRegisteredFixture,
  outletUpsertedFixture,
  serviceUpsertedFixture,
  startTestService,
  setTenantPlan,
  tenantRegisteredFixture,
  tenantSettingsFixture,
  type TestService,
} from '@salon/testing';
import { commerceService } from '../src/definition';
import { onCatalogServiceUpserted } from '../src/events/handlers/catalog.service.upserted';
import { onIdentityCustomerRegistered } from '../src/events/handlers/identity.customer.registered';
import { onIdentityOutletUpserted } from '../src/events/handlers/identity.outlet.upserted';
import { onIdentityTenantRegistered } from '../src/events/handlers/identity.tenant.registered';

export const PROVIDER_SECRET = 'xnd_development_commerce_tests';
export const CALLBACK_TOKEN = 'commerce-callback-token-0123456789';

export interface CommerceHarness {
  service: TestService;
  sandbox: SandboxProvider;
  stop(): Promise<void>;
}

/**
 * Commerce on its own database and broker namespace, with the sandbox provider on a free port; `config` adds
 * to (or replaces) the environment commerce starts with.
 */
export async function startCommerce(config: Record<string, string> = {}): Promise<CommerceHarness> {
  const gateway = await startPrefixProxy('/api/v1');
  const sandbox = await startSandboxProvider({
    secretKey: PROVIDER_SECRET,
    callbackToken: CALLBACK_TOKEN,
    retryDelaysMs: [20, 40, 80],
  });
  const service = await startTestService(commerceService, {
    PAYMENT_PROVIDER_URL: sandbox.url,
    PAYMENT_PROVIDER_SECRET_KEY: PROVIDER_SECRET,
    PAYMENT_CALLBACK_TOKEN: CALLBACK_TOKEN,
    PUBLIC_BASE_URL: gateway.url,
    PAYMENT_PROVIDER_TIMEOUT_MS: '2000',
    ...config,
  });
  gateway.target = service.url;
  return {
    service,
    sandbox,
    async stop() {
      await service.stop();
      await sandbox.stop();
      await gateway.stop();
    },
  };
}

/** A fresh tenant (commerce knows tenants only from tokens and events) with tokens for every caller. */
export function newTenant(service: TestService) {
  const tenantId = newId();
  const staff = (role: 'TENANT_ADMIN' | 'OUTLET_MANAGER' | 'STAFF' | 'RECEPTIONIST') =>
    service.signer.signStaffAccess({ sub: newId(), role, tenant_id: tenantId, outlet_ids: [] });
  return {
    tenantId,
    admin: staff('TENANT_ADMIN'),
    staff,
    customerToken: (customerId: string) =>
      service.signer.signCustomerAccess({ sub: customerId, tenant_id: tenantId, session_id: newId() }),
  };
}

/**
 * Stands in for the API gateway in front of commerce: the provider calls `<PUBLIC_BASE_URL>/api/v1/webhooks/…`,
 * the proxy strips the prefix and forwards to the service (whose port is known only after it starts).
 */
async function startPrefixProxy(prefix: string) {
  const proxy = { url: '', target: '', stop: async () => {} };
  const server = createServer((req, res) => {
    const target = new URL((req.url ?? '/').replace(prefix, ''), proxy.target);
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

/** Runs an inbox handler on `data` as the inbox would (libs/testing `applyInbox`), from `producer`. */
export const handleInbox = <T extends EventType>(
  service: TestService,
  type: T,
  handler: InboxHandler<T>,
  data: EventData<T>,
  producer = 'test',
): Promise<void> => applyInbox(service, handler, newEvent(type, data, { producer, tenantId: null }));

/** Adds the tenant to commerce's replica (as identity's event would): its payment gateway is then enabled. */
export async function addTenant(service: TestService, tenantId: string): Promise<void> {
  await handleInbox(
    service,
    'identity.tenant.registered.v1',
    onIdentityTenantRegistered,
    tenantRegisteredFixture(tenantId, {
      name: 'Salon Ana',
      slug: `salon-ana-${tenantId}`,
      email: `owner-${tenantId}@example.com`,
      settings: tenantSettingsFixture({ currency: 'IDR', wallet_enabled: true }),
      client_partner_id: `partner-${tenantId}`,
      client_partner_number: '1',
      admin_email: `owner-${tenantId}@example.com`,
    }),
  );
}

/** The tenant on `plan` in this service's replica (see libs/testing `setTenantPlan`). */
export const onPlan = (service: TestService, tenantId: string, plan: PlanType) =>
  setTenantPlan(service, tenantId, plan);

export function serviceData(tenantId: string, overrides: Partial<ServiceUpsertedV1> = {}): ServiceUpsertedV1 {
  const base = serviceUpsertedFixture(tenantId);
  return {
    ...base,
    duration_minutes: 45,
    pricing: { ...base.pricing, base_price: '100000.00' },
    ...overrides,
  };
}

/** Adds a catalog service to the replica through the real handler; returns its id. */
export async function addService(
  service: TestService,
  tenantId: string,
  overrides: Partial<ServiceUpsertedV1> = {},
): Promise<string> {
  const data = serviceData(tenantId, overrides);
  await handleInbox(service, 'catalog.service.upserted.v1', onCatalogServiceUpserted, data, 'catalog');
  return data.service_id;
}

export async function addOutlet(service: TestService, tenantId: string): Promise<string> {
  const data = outletUpsertedFixture(tenantId);
  await handleInbox(service, 'identity.outlet.upserted.v1', onIdentityOutletUpserted, data, 'identity');
  return data.outlet_id;
}

export function customerData(
  tenantId: string,
  overrides: Partial<CustomerRegisteredV1> = {},
): CustomerRegisteredV1 {
  return customerRegisteredFixture(tenantId, {
    email: 'ana@example.com',
    phone: '+6281234567890',
    first_name: 'Ana',
    last_name: 'Putri',
    source: 'staff',
    has_password: false,
    ...overrides,
  });
}

export async function addCustomer(
  service: TestService,
  tenantId: string,
  overrides: Partial<CustomerRegisteredV1> = {},
) {
  const data = customerData(tenantId, overrides);
  await handleInbox(
    service,
    'identity.customer.registered.v1',
    onIdentityCustomerRegistered,
    data,
    'identity',
  );
  return data.customer_id;
}

/** POST /packages as the admin; throws unless 201. */
export async function createdPackage(service: TestService, token: string, body: Record<string, unknown>) {
  const response = await service.request('POST', '/packages', { token, body });
  if (response.status !== 201)
    throw new Error(`create package: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A tenant with its payment gateway enabled, a service, an outlet, a customer and a 10-cut package on sale. */
export async function packageShop(service: TestService) {
  const tenant = newTenant(service);
  await addTenant(service, tenant.tenantId);
  const cut = await addService(service, tenant.tenantId);
  const outlet = await addOutlet(service, tenant.tenantId);
  const customer = await addCustomer(service, tenant.tenantId);
  const pkg = await createdPackage(service, tenant.admin, {
    name: 'Ten cuts',
    package_items: [{ service_id: cut, quantity: 10 }],
    package_price: '800000',
    validity_days: 30,
  });
  return { ...tenant, cut, outlet, customer, pkg };
}
