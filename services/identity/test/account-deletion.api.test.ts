import { sql } from 'drizzle-orm';
import { customerDeletedV1, customerDeletionCheckPath } from '@salon/contracts';
import {
  TEST_INTERNAL_TOKEN,
  captureEvents,
  startTestService,
  type EventCapture,
  type TestService,
} from '@salon/testing';
import { identityService } from '../src/definition';
import { fakePrecheck, registeredCustomer, registeredTenant, query } from './helpers';

describe('DELETE /customers/account', () => {
  let service: TestService;
  let events: EventCapture;
  let scheduling: Awaited<ReturnType<typeof fakePrecheck>>;
  let commerce: Awaited<ReturnType<typeof fakePrecheck>>;

  beforeAll(async () => {
    scheduling = await fakePrecheck();
    commerce = await fakePrecheck();
    service = await startTestService(identityService, {
      SCHEDULING_URL: scheduling.url,
      COMMERCE_URL: commerce.url,
    });
    events = await captureEvents(service.testBus.bus, ['identity.customer.deleted.v1']);
  });
  afterAll(async () => {
    await service.stop();
    scheduling.server.close();
    commerce.server.close();
  });
  beforeEach(() => {
    scheduling.answer = { blocked: false, reason: null };
    commerce.answer = { blocked: false, reason: null };
  });

  const customerRows = async (customerId: string) =>
    (await query<{ id: string }>(service, sql`SELECT id FROM identity.customers WHERE id = ${customerId}`))
      .rows.length;

  it('asks both services, deletes the customer and its sessions, audits and publishes the deletion', async () => {
    const tenant = await registeredTenant(service);
    const customer = await registeredCustomer(service, tenant.slug);
    const response = await service.request('DELETE', '/customers/account', { token: customer.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String) });

    const path = customerDeletionCheckPath(tenant.tenantId, customer.customerId);
    for (const fake of [scheduling, commerce])
      expect(fake.calls).toContainEqual({ path, token: TEST_INTERNAL_TOKEN });

    expect(await customerRows(customer.customerId)).toBe(0);
    const sessions = await query(
      service,
      sql`SELECT 1 FROM identity.customer_sessions WHERE customer_id = ${customer.customerId}`,
    );
    expect(sessions.rows).toHaveLength(0);
    // Logged out at once: the refresh token is dead, the profile is gone.
    expect(
      (
        await service.request('POST', '/customer/auth/refresh', {
          body: { refresh_token: customer.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect((await service.request('GET', '/customers/profile', { token: customer.token })).status).toBe(404);

    const { rows } = await query<{ action: string; details: any }>(
      service,
      sql`SELECT action, details FROM identity.audit_log WHERE entity_id = ${customer.customerId}`,
    );
    expect(rows).toEqual([
      {
        action: 'CUSTOMER_ACCOUNT_DELETED',
        details: { deletion_timestamp: expect.any(String), gdpr_deletion: true, reason: expect.any(String) },
      },
    ]);
    const event = await events.next(
      'identity.customer.deleted.v1',
      (candidate) => candidate.data.customer_id === customer.customerId,
    );
    expect(customerDeletedV1.parse(event.data)).toEqual({
      customer_id: customer.customerId,
      tenant_id: tenant.tenantId,
      reason: 'account_deletion',
      gdpr_deletion: true,
      deleted_at: rows[0]!.details.deletion_timestamp,
    });
  });

  it('refuses with 400 and the reason when upcoming appointments or open payments exist', async () => {
    const tenant = await registeredTenant(service);
    const customer = await registeredCustomer(service, tenant.slug);
    scheduling.answer = { blocked: true, reason: 'Cannot delete account with upcoming appointments' };
    const appointments = await service.request('DELETE', '/customers/account', { token: customer.token });
    expect(appointments.status).toBe(400);
    expect(appointments.body).toEqual({ detail: 'Cannot delete account with upcoming appointments' });

    scheduling.answer = { blocked: false, reason: null };
    commerce.answer = { blocked: true, reason: 'Cannot delete account with pending payments' };
    const payments = await service.request('DELETE', '/customers/account', { token: customer.token });
    expect(payments.status).toBe(400);
    expect(payments.body).toEqual({ detail: 'Cannot delete account with pending payments' });
    expect(await customerRows(customer.customerId)).toBe(1);
  });

  it('fails closed with 503 and deletes nothing when a pre-check cannot be answered', async () => {
    const tenant = await registeredTenant(service);
    const customer = await registeredCustomer(service, tenant.slug);
    for (const [fake, answer] of [
      [scheduling, 'down'],
      [commerce, 'error'],
    ] as const) {
      fake.answer = answer;
      const response = await service.request('DELETE', '/customers/account', { token: customer.token });
      expect(response.status).toBe(503);
      expect(response.body.detail).toMatch(/temporarily unavailable/);
      fake.answer = { blocked: false, reason: null };
    }
    // An answer outside the contract is no answer either.
    commerce.answer = { nonsense: true } as never;
    expect((await service.request('DELETE', '/customers/account', { token: customer.token })).status).toBe(
      503,
    );
    expect(await customerRows(customer.customerId)).toBe(1);
    expect(
      (
        await service.request('POST', '/customer/auth/refresh', {
          body: { refresh_token: customer.refreshToken },
        })
      ).status,
    ).toBe(200);
    const audit = await query(
      service,
      sql`SELECT 1 FROM identity.audit_log WHERE entity_id = ${customer.customerId}`,
    );
    expect(audit.rows).toHaveLength(0);
  });

  it('refuses staff tokens (403) and no token (401)', async () => {
    const tenant = await registeredTenant(service);
    expect((await service.request('DELETE', '/customers/account', { token: tenant.token })).status).toBe(403);
    expect((await service.request('DELETE', '/customers/account')).status).toBe(401);
  });
});

describe('DELETE /customers/account without the pre-check services configured', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(identityService);
  });
  afterAll(() => service.stop());

  it('answers 503 and keeps the customer', async () => {
    const tenant = await registeredTenant(service);
    const customer = await registeredCustomer(service, tenant.slug);
    const response = await service.request('DELETE', '/customers/account', { token: customer.token });
    expect(response.status).toBe(503);
    expect((await service.request('GET', '/customers/profile', { token: customer.token })).status).toBe(200);
  });
});
