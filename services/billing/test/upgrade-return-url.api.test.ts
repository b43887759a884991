import { SUBSCRIPTION_INVOICES_PATH } from '@salon/contracts';
import { startTestService, type TestService } from '@salon/testing';
import { createBillingService } from '../src/definition';
import { fakeCommerce, registered } from './helpers';

// The upgrade's optional return_url (an extension, docs/decisions.md): validated like the appointment
// payment's, and handed to commerce so the provider's hosted page sends the payer back there.
describe('POST /subscriptions/upgrade with a return_url', () => {
  let service: TestService;
  let commerce: Awaited<ReturnType<typeof fakeCommerce>>;

  beforeAll(async () => {
    commerce = await fakeCommerce();
    service = await startTestService(createBillingService(), { COMMERCE_URL: commerce.url });
  });
  afterAll(async () => {
    await service.stop();
    commerce.server.close();
  });

  const callsOf = (tenantId: string) =>
    commerce.calls.filter(
      (call) => call.path === SUBSCRIPTION_INVOICES_PATH && call.body.tenant_id === tenantId,
    );

  it('accepts an absolute URL and forwards it with the invoice request', async () => {
    const tenant = await registered(service);
    const back = 'https://salon.example/console?plan=returned';
    const response = await service.request('POST', '/subscriptions/upgrade', {
      token: tenant.admin,
      body: { target_plan: 'pro', return_url: back },
    });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('payment_pending');
    expect(callsOf(tenant.tenantId).map((call) => call.body.return_url)).toEqual([back]);
  });

  it('without one, none is forwarded', async () => {
    const tenant = await registered(service);
    const response = await service.request('POST', '/subscriptions/upgrade', {
      token: tenant.admin,
      body: { target_plan: 'pro' },
    });
    expect(response.status).toBe(200);
    const [call] = callsOf(tenant.tenantId);
    expect(call?.body).not.toHaveProperty('return_url');
  });

  it.each(['/console', 'not a url', 42])(
    'refuses %p with a 422 and asks commerce for nothing',
    async (bad) => {
      const tenant = await registered(service);
      const response = await service.request('POST', '/subscriptions/upgrade', {
        token: tenant.admin,
        body: { target_plan: 'pro', return_url: bad },
      });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: [expect.objectContaining({ loc: ['body', 'return_url'], msg: expect.any(String) })],
      });
      expect(callsOf(tenant.tenantId)).toEqual([]);
    },
  );
});
