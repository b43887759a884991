import { sql } from 'drizzle-orm';
import { startSandboxProvider, type SandboxProvider } from '@salon/payment-provider';
import { selectRows } from '@salon/service-kit';
import { captureEvents, startTestService, type EventCapture, type TestService } from '@salon/testing';
import { identityService } from '../src/definition';
import { registeredCustomer, registeredTenant, registration } from './helpers';

const SECRET = 'xnd_development_identity_secret';

describe('payment-provider sub-account at tenant creation', () => {
  let sandbox: SandboxProvider;
  let service: TestService;
  let events: EventCapture;

  beforeAll(async () => {
    sandbox = await startSandboxProvider({
      secretKey: SECRET,
      callbackToken: 'identity-callback-token-0123',
    });
    service = await startTestService(identityService, {
      PAYMENT_PROVIDER_URL: sandbox.url,
      PAYMENT_PROVIDER_SECRET_KEY: SECRET,
    });
    events = await captureEvents(service.testBus.bus, ['identity.tenant.registered.v1']);
  });
  afterAll(async () => {
    await service.stop();
    await sandbox.stop();
  });
  afterEach(() => sandbox.setFault('none'));

  const count = async (table: string) => {
    const [row] = await selectRows<{ count: number }>(
      service.running.context.db.orm,
      sql`SELECT count(*)::int AS count FROM ${sql.identifier('identity')}.${sql.identifier(table)}`,
    );
    return row!.count;
  };

  // The relay deletes published rows, so "no event" is read from the outbox sequence: nothing was queued.
  const outboxSeq = async () => {
    const [row] = await selectRows<{ value: string }>(
      service.running.context.db.orm,
      sql`SELECT last_value::text AS value FROM identity.outbox_seq_seq`,
    );
    return row!.value;
  };

  it("uses the provider's sub-account id as client_partner_id", async () => {
    const body = registration();
    const response = await service.request('POST', '/public/register', { body });
    expect(response.status).toBe(201);
    expect(response.body.client_partner_id).toMatch(/^[0-9a-f]{24}$/);
    const event = await events.next(
      'identity.tenant.registered.v1',
      (e) => e.tenant_id === response.body.tenant_id,
    );
    expect(event.data).toMatchObject({ client_partner_id: response.body.client_partner_id });
  });

  it.each(['down', 'error'] as const)('rolls everything back when the provider is %s', async (mode) => {
    const before = {
      tenants: await count('tenants'),
      users: await count('users'),
      memberships: await count('memberships'),
      outlets: await count('outlets'),
      outboxSeq: await outboxSeq(),
    };
    sandbox.setFault(mode);
    const body = registration();
    const response = await service.request('POST', '/public/register', { body });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ detail: expect.any(String) });
    expect({
      tenants: await count('tenants'),
      users: await count('users'),
      memberships: await count('memberships'),
      outlets: await count('outlets'),
      outboxSeq: await outboxSeq(),
    }).toEqual(before);
    expect(events.of('identity.tenant.registered.v1').some((e) => e.data.name === body.business_name)).toBe(
      false,
    );
    const login = await service.request('POST', '/auth/login', {
      body: { email: body.admin_email, password: body.admin_password },
    });
    expect(login.status).toBe(401);

    // Once the provider is back, the same registration goes through.
    sandbox.setFault('none');
    expect((await service.request('POST', '/public/register', { body })).status).toBe(201);
  });

  it('tells the signing-in customer whether the business takes online payments, as its setting says', async () => {
    const tenant = await registeredTenant(service);
    const customer = await registeredCustomer(service, tenant.slug);
    const gatewayEnabled = async () => {
      const login = await service.request('POST', '/customer/auth/login', {
        body: { email: customer.body.email, password: customer.body.password },
      });
      expect(login.status).toBe(200);
      return login.body.gateway_id_enabled;
    };
    expect(await gatewayEnabled()).toBe(true);
    const tenantView = await service.request('GET', `/tenants/${tenant.tenantId}`, { token: tenant.token });
    expect(tenantView.body.settings).toMatchObject({
      payments_enabled: true,
      late_cancellation_fee_percent: 0,
    });

    const off = await service.request('PUT', `/tenants/${tenant.tenantId}`, {
      token: tenant.token,
      body: { settings: { payments_enabled: false, late_cancellation_fee_percent: 25.5 } },
    });
    expect(off.status).toBe(200);
    expect(off.body.settings).toMatchObject({ payments_enabled: false, late_cancellation_fee_percent: 25.5 });
    expect(await gatewayEnabled()).toBe(false);

    for (const fee of [-1, 100.5, 12.345, 'ten'])
      expect(
        (
          await service.request('PUT', `/tenants/${tenant.tenantId}`, {
            token: tenant.token,
            body: { settings: { late_cancellation_fee_percent: fee } },
          })
        ).status,
      ).toBe(422);
  });
});
