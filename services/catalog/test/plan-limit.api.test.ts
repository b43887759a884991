import { startTestService, type TestService } from '@salon/testing';
import { catalogService } from '../src/definition';
import { createdService, newTenant, onPlan, serviceBody } from './helpers';

describe('plan limit on services', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(catalogService);
  });
  afterAll(() => service.stop());

  const create = (token: string) => service.request('POST', '/services', { token, body: serviceBody() });

  it('allows 10 services on FREE and answers 402 with current/maximum beyond', async () => {
    const { admin } = newTenant(service);
    for (let index = 0; index < 10; index += 1) expect((await create(admin)).status).toBe(201);
    const refused = await create(admin);
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      detail:
        'Service limit reached: 10/10 services on the FREE plan. Upgrade your plan to add more services.',
    });
  });

  it('lets exactly one of two concurrent creations at 9 of 10 through', async () => {
    const { admin } = newTenant(service);
    for (let index = 0; index < 9; index += 1) await createdService(service, admin);
    const statuses = (await Promise.all([create(admin), create(admin)])).map((response) => response.status);
    expect(statuses.sort()).toEqual([201, 402]);
    expect((await service.request('GET', '/services', { token: admin })).body.total).toBe(10);
  });

  it('keeps the limit under a burst of concurrent creations', async () => {
    const { admin } = newTenant(service);
    for (let index = 0; index < 7; index += 1) await createdService(service, admin);
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => create(admin)))).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 201, 201, 402, 402, 402]);
  });

  it('does not count archived services; restoring one counts again', async () => {
    const { admin } = newTenant(service);
    const services = [];
    for (let index = 0; index < 10; index += 1) services.push(await createdService(service, admin));
    const archived = services[0];
    expect((await service.request('DELETE', `/services/${archived.id}`, { token: admin })).status).toBe(204);
    expect((await create(admin)).status).toBe(201);
    const restore = await service.request('PUT', `/services/${archived.id}`, {
      token: admin,
      body: { status: 'active', is_active: true },
    });
    expect(restore.status).toBe(402);
  });

  it('follows the plan: PRO allows 50, ENTERPRISE is unlimited', async () => {
    const { admin, tenantId } = newTenant(service);
    for (let index = 0; index < 10; index += 1) await createdService(service, admin);
    expect((await create(admin)).status).toBe(402);
    await onPlan(service, tenantId, 'PRO');
    expect((await create(admin)).status).toBe(201);
    await onPlan(service, tenantId, 'ENTERPRISE');
    expect((await create(admin)).status).toBe(201);
  });
});
