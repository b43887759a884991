import { publicStaffList } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import { handleInbox, startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { onIdentityOutletUpserted } from '../src/events/handlers/identity.outlet.upserted';
import { onIdentityTenantUpdated } from '../src/events/handlers/identity.tenant.updated';
import {
  addOutlet,
  addService,
  createdStaff,
  newTenant,
  onPlan,
  outletData,
  setTenant,
  tenantData,
} from './helpers';

describe('GET /public/tenants/{slug}/staff: whom a customer can book, without a token', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  async function publicTenant() {
    const tenant = newTenant(service);
    await setTenant(service, tenant.tenantId);
    await onPlan(service, tenant.tenantId, 'ENTERPRISE');
    const outletId = await addOutlet(service, tenant.tenantId);
    const haircut = await addService(service, tenant.tenantId, { name: 'Haircut' });
    const nails = await addService(service, tenant.tenantId, { name: 'Nails' });
    return { ...tenant, slug: `glow-${tenant.tenantId}`, outletId, haircut, nails };
  }

  const publicStaff = (slug: string, query: string, headers: Record<string, string> = {}) =>
    service.request('GET', `/public/tenants/${slug}/staff?${query}`, { headers });

  it('lists the bookable staff of the outlet for the service, with no contact, pay or status', async () => {
    const setup = await publicTenant();
    const { admin, outletId, haircut, nails } = setup;
    const ayu = await createdStaff(service, admin, outletId, {
      first_name: 'Ayu',
      display_name: 'Ayu the stylist',
      gender: 'female',
      phone: '+628111111111',
      hourly_rate: 50000,
      salary: 9000000,
      bio: 'Cuts and colour',
      profile_image_url: 'https://img.example/ayu.png',
      skills: { service_ids: [haircut.service_id] },
    });
    const budi = await createdStaff(service, admin, outletId, { first_name: 'Budi' }); // every service
    const nailsOnly = await createdStaff(service, admin, outletId, {
      first_name: 'Citra',
      skills: { service_ids: [nails.service_id] },
    });
    const offline = await createdStaff(service, admin, outletId, {
      first_name: 'Dewi',
      accepts_online_booking: false,
    });
    const unbookable = await createdStaff(service, admin, outletId, {
      first_name: 'Eka',
      is_bookable: false,
    });
    const onLeave = await createdStaff(service, admin, outletId, { first_name: 'Fajar' });
    await service.request('PUT', `/staff/${onLeave.id}`, { token: admin, body: { status: 'inactive' } });
    const terminated = await createdStaff(service, admin, outletId, { first_name: 'Gita' });
    expect((await service.request('DELETE', `/staff/${terminated.id}`, { token: admin })).status).toBe(204);
    const elsewhere = await createdStaff(service, admin, await addOutlet(service, setup.tenantId), {
      first_name: 'Hadi',
    });

    const answer = await publicStaff(setup.slug, `outlet_id=${outletId}&service_id=${haircut.service_id}`);
    expect(answer.status).toBe(200);
    publicStaffList.parse(answer.body); // strict: nothing else
    expect(answer.body.items).toEqual([
      {
        id: ayu.id,
        display_name: 'Ayu the stylist',
        profile_image_url: 'https://img.example/ayu.png',
        gender: 'female',
        position: 'Senior Provider',
        bio: 'Cuts and colour',
      },
      expect.objectContaining({ id: budi.id }),
    ]);
    const text = JSON.stringify(answer.body);
    for (const leak of [
      ayu.email,
      '+628111111111',
      '50000',
      '9000000',
      'status',
      'email',
      nailsOnly.id,
      offline.id,
      unbookable.id,
      onLeave.id,
      terminated.id,
      elsewhere.id,
    ])
      expect(text).not.toContain(leak);

    const anyService = await publicStaff(setup.slug, `outlet_id=${outletId}`);
    expect(anyService.body.items.map((member: { id: string }) => member.id)).toEqual([
      ayu.id,
      budi.id,
      nailsOnly.id,
    ]);
  });

  it('answers 304 to a matching If-None-Match; a staff change gives a new ETag', async () => {
    const setup = await publicTenant();
    const member = await createdStaff(service, setup.admin, setup.outletId);
    const query = `outlet_id=${setup.outletId}`;
    const first = await publicStaff(setup.slug, query);
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await publicStaff(setup.slug, query, { 'if-none-match': etag })).status).toBe(304);

    await service.request('PUT', `/staff/${member.id}`, { token: setup.admin, body: { bio: 'New bio' } });
    const after = await publicStaff(setup.slug, query, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.body.items[0].bio).toBe('New bio');
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('is a 404 for an unknown or inactive business, an outlet not active in it, a service not bookable', async () => {
    const setup = await publicTenant();
    const query = `outlet_id=${setup.outletId}`;
    expect((await publicStaff('no-such-salon', query)).status).toBe(404);
    expect((await publicStaff(setup.slug, `outlet_id=${newId()}`)).body).toEqual({
      detail: 'Outlet not found',
    });
    const other = await publicTenant();
    expect((await publicStaff(setup.slug, `outlet_id=${other.outletId}`)).status).toBe(404);
    const closed = outletData(setup.tenantId, { is_active: false });
    await handleInbox(service, 'identity.outlet.upserted.v1', onIdentityOutletUpserted, closed);
    expect((await publicStaff(setup.slug, `outlet_id=${closed.outlet_id}`)).status).toBe(404);
    const hidden = await addService(service, setup.tenantId, { is_active: false });
    const refused = await publicStaff(setup.slug, `${query}&service_id=${hidden.service_id}`);
    expect(refused.body).toEqual({ detail: 'Service not found' });
    expect((await publicStaff(setup.slug, '')).status).toBe(422);

    const deactivated = tenantData(setup.tenantId, {}, { is_active: false });
    await handleInbox(service, 'identity.tenant.updated.v1', onIdentityTenantUpdated, deactivated);
    expect((await publicStaff(setup.slug, query)).body).toEqual({ detail: 'Tenant not found' });
  });
});
