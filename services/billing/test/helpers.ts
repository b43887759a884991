import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  subscriptionInvoiceRequest,
  type SubscriptionInvoice,
  type SubscriptionInvoiceRequest,
  type TenantRegisteredV1,
} from '@salon/contracts';
import { newId } from '@salon/service-kit';
import {
  publishEvent,
  serviceUpsertedFixture,
  tenantRegisteredFixture,
  waitFor,
  type TestService,
} from '@salon/testing';
import type { Clock } from '../src/domain/deps';

/** A clock the test sets; billing reads "now" from it (periods, proration, UTC days). */
export function testClock(start = '2026-03-11T00:00:00.000Z') {
  const clock = {
    at: new Date(start),
    now: () => new Date(clock.at.getTime()),
    set(iso: string) {
      clock.at = new Date(iso);
    },
  };
  return clock satisfies Clock;
}

/** A tenant's identifiers and tokens for every caller. */
export function newTenant(service: TestService) {
  const tenantId = newId();
  const subscriptionId = newId();
  const userId = newId();
  const staff = (role: 'TENANT_ADMIN' | 'OUTLET_MANAGER' | 'STAFF' | 'RECEPTIONIST') =>
    service.signer.signStaffAccess({
      sub: role === 'TENANT_ADMIN' ? userId : newId(),
      role,
      tenant_id: tenantId,
      outlet_ids: [],
    });
  const customerId = newId();
  return {
    tenantId,
    subscriptionId,
    userId,
    customerId,
    admin: staff('TENANT_ADMIN'),
    staff,
    customer: service.signer.signCustomerAccess({
      sub: customerId,
      tenant_id: tenantId,
      session_id: newId(),
    }),
    customerToken: (id: string) =>
      service.signer.signCustomerAccess({ sub: id, tenant_id: tenantId, session_id: newId() }),
  };
}

export type Tenant = ReturnType<typeof newTenant>;

export const superAdminToken = (service: TestService) =>
  service.signer.signStaffAccess({ sub: newId(), role: 'SUPER_ADMIN', tenant_id: null, outlet_ids: [] });

export const registeredData = (tenant: Tenant, createdAt: string): TenantRegisteredV1 =>
  tenantRegisteredFixture(tenant.tenantId, {
    subscription_id: tenant.subscriptionId,
    admin_user_id: tenant.userId,
    created_at: createdAt,
  });

/** Publishes an event on the service's broker namespace, as its producer would. */
export const publish = publishEvent;

/** Registers the tenant through identity's event and waits for its FREE subscription. */
export async function registered(
  service: TestService,
  createdAt = '2026-03-01T00:00:00.000Z',
): Promise<Tenant> {
  const tenant = newTenant(service);
  await publish(service, 'identity.tenant.registered.v1', registeredData(tenant, createdAt), tenant.tenantId);
  await waitFor(
    async () =>
      (await service.request('GET', '/subscriptions/current', { token: tenant.admin })).status === 200,
  );
  return tenant;
}

let serviceCounter = 0;

export async function addServices(service: TestService, tenantId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    serviceCounter += 1;
    const data = serviceUpsertedFixture(tenantId, {
      name: `Cut ${serviceCounter}`,
      slug: `cut-${serviceCounter}`,
      duration_minutes: 30,
    });
    ids.push(data.service_id);
    await publish(service, 'catalog.service.upserted.v1', data, tenantId);
  }
  return ids;
}

/** Commerce's invoice endpoint as the contract describes it (commerce is built elsewhere). */
export async function fakeCommerce() {
  const fake = {
    mode: 'ok' as 'ok' | 'error',
    calls: [] as { path: string; token: string | undefined; body: SubscriptionInvoiceRequest }[],
    url: '',
    server: undefined as unknown as Server,
  };
  fake.server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = subscriptionInvoiceRequest.parse(JSON.parse(raw));
      fake.calls.push({
        path: req.url ?? '',
        token: req.headers['x-internal-token'] as string | undefined,
        body,
      });
      res.setHeader('content-type', 'application/json');
      if (fake.mode === 'error') {
        res.statusCode = 500;
        res.end('{"detail":"boom"}');
        return;
      }
      const id = newId();
      const invoice: SubscriptionInvoice = {
        id,
        invoice_number: `SUB-${fake.calls.length}`,
        amount: body.amount,
        currency: body.currency,
        due_date: body.due_at,
        status: 'PENDING',
        gateway_invoice_id: `gw-${id}`,
        gateway_invoice_url: `https://pay.example/invoices/${id}`,
        gateway_pdf_url: `https://pay.example/invoices/${id}.pdf`,
        gateway_payment_url: `https://pay.example/pay/${id}`,
      };
      res.statusCode = 201;
      res.end(JSON.stringify(invoice));
    });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}
