import { sql } from 'drizzle-orm';
import { customerDeletedV1, customerRegisteredV1, customerUpdatedV1, type EventData } from '@salon/contracts';
import { newId, type Role } from '@salon/service-kit';
import { captureEvents, startTestService, type EventCapture, type TestService } from '@salon/testing';
import { identityService } from '../src/definition';
import { knownStaff, registeredCustomer, registeredTenant, query } from './helpers';

type CustomerEventType =
  'identity.customer.registered.v1' | 'identity.customer.updated.v1' | 'identity.customer.deleted.v1';

describe('customer management by staff', () => {
  let service: TestService;
  let events: EventCapture;
  let phoneCounter = 0;

  beforeAll(async () => {
    service = await startTestService(identityService);
    events = await captureEvents(service.testBus.bus, [
      'identity.customer.registered.v1',
      'identity.customer.updated.v1',
      'identity.customer.deleted.v1',
    ]);
  });
  afterAll(() => service.stop());

  const eventOf = <T extends CustomerEventType>(
    type: T,
    customerId: string,
    where: (data: EventData<T>) => boolean = () => true,
  ) => events.next(type, (event) => event.data.customer_id === customerId && where(event.data));

  const staffToken = (tenantId: string | null, role: Role) =>
    service.signer.signStaffAccess({ sub: newId(), role, tenant_id: tenantId, outlet_ids: [] });

  const uniquePhone = () => {
    phoneCounter += 1;
    return `+6285${String(Date.now() % 1e5).padStart(5, '0')}${String(phoneCounter).padStart(3, '0')}`;
  };

  async function createCustomer(token: string, body: Record<string, unknown> = {}) {
    const response = await service.request('POST', '/customers', {
      token,
      body: { first_name: 'Budi', phone: uniquePhone(), ...body },
    });
    if (response.status !== 201)
      throw new Error(`create: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  it('answers 422 for impossible or out-of-range customer dates, never 500 (issue 18)', async () => {
    const tenant = await registeredTenant(service);
    const token = staffToken(tenant.tenantId, 'TENANT_ADMIN');
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const date of ['0000-01-01', '1899-12-31', '3000-01-01', '2026-02-30', '1985-2-3', future]) {
      const response = await service.request('POST', '/customers', {
        token,
        body: { first_name: 'Budi', phone: uniquePhone(), date_of_birth: date },
      });
      expect({ date, status: response.status }).toEqual({ date, status: 422 });
      expect(response.body.detail[0]).toEqual({
        loc: ['body', 'date_of_birth'],
        msg: expect.any(String),
        type: expect.any(String),
      });
      for (const field of ['created_from', 'created_to']) {
        if (date === future) continue;
        const listed = await service.request('GET', `/customers?${field}=${date}`, { token });
        expect({ date, field, status: listed.status }).toEqual({ date, field, status: 422 });
        expect(listed.body.detail[0].loc).toEqual(['query', field]);
      }
    }
  });

  describe('POST /customers', () => {
    it('creates a walk-in customer tagged staff-created with the staff defaults, and publishes it', async () => {
      const tenant = await registeredTenant(service);
      const receptionist = staffToken(tenant.tenantId, 'RECEPTIONIST');
      const phone = uniquePhone();
      const response = await service.request('POST', '/customers', {
        token: receptionist,
        body: {
          first_name: 'Budi',
          last_name: 'Santoso',
          phone,
          email: 'Budi@Mail.Example',
          date_of_birth: '1985-02-03',
          gender: 'male',
          address: 'Jl. Melati 2',
          tags: ['vip'],
        },
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        tenant_id: tenant.tenantId,
        email: 'budi@mail.example',
        phone,
        first_name: 'Budi',
        last_name: 'Santoso',
        full_name: 'Budi Santoso',
        date_of_birth: '1985-02-03',
        gender: 'male',
        address: 'Jl. Melati 2',
        avatar_url: null,
        tags: ['vip', 'staff-created'],
        has_password: false,
        email_verified: false,
        phone_verified: false,
        is_active: true,
        is_deleted: false,
        preferences: {
          preferred_services: [],
          preferred_staff: [],
          preferred_outlets: [],
          communication_channels: { sms: true, email: true, push: true },
          marketing_consent: false,
          language: 'id',
          accessibility_needs: null,
        },
        loyalty_points: 0,
        membership_tier: 'basic',
        total_spent: '0.00',
        total_appointments: 0,
        last_appointment_date: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const event = await eventOf('identity.customer.registered.v1', response.body.id);
      expect(customerRegisteredV1.parse(event.data)).toMatchObject({
        source: 'staff',
        has_password: false,
        tags: ['vip', 'staff-created'],
        verification: { email: null, phone: null },
      });
    });

    it('gives portal access with a password', async () => {
      const tenant = await registeredTenant(service);
      const created = await createCustomer(tenant.token, {
        email: 'portal@mail.example',
        password: 'Portal1234',
      });
      expect(created.has_password).toBe(true);
      const login = await service.request('POST', '/customer/auth/login', {
        body: { email: 'portal@mail.example', password: 'Portal1234', tenant_slug: tenant.slug },
      });
      expect(login.status).toBe(200);
    });

    it('refuses duplicates with 409 (check_duplicate or not), no contact with 400, bad input with 422', async () => {
      const tenant = await registeredTenant(service);
      const existing = await registeredCustomer(service, tenant.slug);
      for (const path of ['/customers', '/customers?check_duplicate=false']) {
        const duplicate = await service.request('POST', path, {
          token: tenant.token,
          body: { first_name: 'Copy', email: existing.body.email },
        });
        expect(duplicate.status).toBe(409);
      }
      const samePhone = await service.request('POST', '/customers', {
        token: tenant.token,
        body: { first_name: 'Copy', phone: existing.body.phone },
      });
      expect(samePhone.status).toBe(409);

      const noContact = await service.request('POST', '/customers', {
        token: tenant.token,
        body: { first_name: 'Nobody' },
      });
      expect(noContact.status).toBe(400);

      const bad = await service.request('POST', '/customers', {
        token: tenant.token,
        body: { phone: uniquePhone(), first_name: '', password: 'short', gender: 'prefer_not_to_say' },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.detail.map((issue: { loc: string[] }) => issue.loc)).toEqual(
        expect.arrayContaining([
          ['body', 'first_name'],
          ['body', 'password'],
          ['body', 'gender'],
        ]),
      );
    });

    it('refuses customer tokens (403) and a SUPER_ADMIN without tenant context (403)', async () => {
      const tenant = await registeredTenant(service);
      const customer = await registeredCustomer(service, tenant.slug);
      expect(
        (await service.request('POST', '/customers', { token: customer.token, body: { first_name: 'X' } }))
          .status,
      ).toBe(403);
      expect((await service.request('GET', '/customers', { token: customer.token })).status).toBe(403);
      expect(
        (await service.request('GET', `/customers/${customer.customerId}`, { token: customer.token })).status,
      ).toBe(403);
      expect(
        (await service.request('GET', '/customers', { token: staffToken(null, 'SUPER_ADMIN') })).status,
      ).toBe(403);
    });
  });

  describe('GET /customers', () => {
    it('lists the tenant customers newest first with the spec filters and paging', async () => {
      const tenant = await registeredTenant(service);
      const other = await registeredTenant(service);
      await createCustomer(other.token, { first_name: 'Elsewhere' });
      const registered = await registeredCustomer(service, tenant.slug, { first_name: 'Citra' });
      const walkIn = await createCustomer(tenant.token, { first_name: 'Dodi', tags: ['vip', 'regular'] });
      const tagged = await createCustomer(tenant.token, {
        first_name: 'Eka',
        email: 'eka.search@mail.example',
        tags: ['new'],
      });
      await query(
        service,
        sql`UPDATE identity.customers SET email_verified = true WHERE id = ${registered.customerId}`,
      );

      const ids = async (path: string) => {
        const response = await service.request('GET', path, { token: tenant.token });
        expect(response.status).toBe(200);
        return response.body.items.map((item: { id: string }) => item.id);
      };
      const all = await service.request('GET', '/customers', { token: tenant.token });
      expect(all.body).toMatchObject({ total: 3, page: 1, size: 20, pages: 1 });
      expect(all.body.items.map((item: { id: string }) => item.id)).toEqual([
        tagged.id,
        walkIn.id,
        registered.customerId,
      ]);
      expect(await ids('/customers?search=EKA.SEARCH')).toEqual([tagged.id]);
      expect(await ids('/customers?search=citra')).toEqual([registered.customerId]);
      expect(await ids(`/customers?search=${encodeURIComponent(walkIn.phone)}`)).toEqual([walkIn.id]);
      expect(await ids('/customers?tags=regular,new')).toEqual([tagged.id, walkIn.id]);
      expect(await ids('/customers?has_password=true')).toEqual([registered.customerId]);
      expect(await ids('/customers?has_password=false')).toEqual([tagged.id, walkIn.id]);
      expect(await ids('/customers?email_verified=true')).toEqual([registered.customerId]);
      const today = new Date().toISOString().slice(0, 10);
      expect(await ids(`/customers?created_from=${today}&created_to=${today}`)).toHaveLength(3);
      expect(await ids('/customers?created_to=2000-01-01')).toEqual([]);

      const page = await service.request('GET', '/customers?page=2&size=2', { token: tenant.token });
      expect(page.body).toMatchObject({ total: 3, page: 2, size: 2, pages: 2 });
      expect(page.body.items.map((item: { id: string }) => item.id)).toEqual([registered.customerId]);
    });

    it('validates the query (422)', async () => {
      const tenant = await registeredTenant(service);
      const response = await service.request('GET', '/customers?size=101&created_from=yesterday', {
        token: tenant.token,
      });
      expect(response.status).toBe(422);
      expect(response.body.detail.map((issue: { loc: string[] }) => issue.loc)).toEqual(
        expect.arrayContaining([
          ['query', 'size'],
          ['query', 'created_from'],
        ]),
      );
    });
  });

  describe('GET /customers/{customer_id}', () => {
    it("reads a customer; missing is 404, another tenant's is 403, a malformed id 422", async () => {
      const tenant = await registeredTenant(service);
      const other = await registeredTenant(service);
      const created = await createCustomer(tenant.token);
      const read = await service.request('GET', `/customers/${created.id}`, {
        token: staffToken(tenant.tenantId, 'STAFF'),
      });
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created);

      const missing = await service.request('GET', `/customers/${newId()}`, { token: tenant.token });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: 'Customer not found' });
      expect((await service.request('GET', `/customers/${created.id}`, { token: other.token })).status).toBe(
        403,
      );
      const malformed = await service.request('GET', '/customers/nope', { token: tenant.token });
      expect(malformed.status).toBe(422);
      expect(malformed.body.detail[0].loc).toEqual(['path', 'customer_id']);
      expect(
        (await service.request('GET', `/customers/${created.id}`, { token: staffToken(null, 'SUPER_ADMIN') }))
          .status,
      ).toBe(200);
    });
  });

  describe('PUT /customers/{customer_id}', () => {
    it('updates a customer: tags replaced with staff-created kept, new contacts unverified, published', async () => {
      const tenant = await registeredTenant(service);
      const created = await createCustomer(tenant.token, { email: 'old@mail.example', tags: ['vip'] });
      await query(service, sql`UPDATE identity.customers SET email_verified = true WHERE id = ${created.id}`);
      const response = await service.request('PUT', `/customers/${created.id}`, {
        token: staffToken(tenant.tenantId, 'OUTLET_MANAGER'),
        body: { email: 'New@Mail.example', tags: ['regular'], address: 'Jl. Baru 3', is_active: false },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        email: 'new@mail.example',
        email_verified: false,
        tags: ['regular', 'staff-created'],
        address: 'Jl. Baru 3',
        is_active: false,
      });
      const event = await eventOf(
        'identity.customer.updated.v1',
        created.id,
        (data) => data.is_active === false,
      );
      expect(customerUpdatedV1.parse(event.data)).toMatchObject({
        email: 'new@mail.example',
        tags: ['regular', 'staff-created'],
      });
    });

    it('refuses the wrong roles (403), duplicates (409), read-only fields (400), another tenant (403), bad input (422)', async () => {
      const tenant = await registeredTenant(service);
      const other = await registeredTenant(service);
      const first = await createCustomer(tenant.token, { email: 'first@mail.example' });
      const second = await createCustomer(tenant.token);
      for (const role of ['STAFF', 'RECEPTIONIST'] as const) {
        const refused = await service.request('PUT', `/customers/${first.id}`, {
          token: staffToken(tenant.tenantId, role),
          body: { first_name: 'No' },
        });
        expect(refused.status).toBe(403);
      }
      const duplicate = await service.request('PUT', `/customers/${second.id}`, {
        token: tenant.token,
        body: { email: 'FIRST@mail.example' },
      });
      expect(duplicate.status).toBe(409);
      const readOnly = await service.request('PUT', `/customers/${second.id}`, {
        token: tenant.token,
        body: { loyalty_points: 5000 },
      });
      expect(readOnly.status).toBe(400);
      expect(readOnly.body).toEqual({ detail: 'loyalty_points cannot be changed' });
      expect(
        (
          await service.request('PUT', `/customers/${first.id}`, {
            token: other.token,
            body: { first_name: 'X' },
          })
        ).status,
      ).toBe(403);
      const bad = await service.request('PUT', `/customers/${first.id}`, {
        token: tenant.token,
        body: { avatar_url: 'not a url', address: 'x'.repeat(501) },
      });
      expect(bad.status).toBe(422);
    });
  });

  describe('PUT /customers/{customer_id}/preferences', () => {
    it('updates preferences in the staff view; outlets must be the tenant active ones', async () => {
      const tenant = await registeredTenant(service);
      const other = await registeredTenant(service);
      const customer = await registeredCustomer(service, tenant.slug);
      const [outlet] = customer.login.outlets;
      const staffId = await knownStaff(service, tenant.tenantId);
      const response = await service.request('PUT', `/customers/${customer.customerId}/preferences`, {
        token: staffToken(tenant.tenantId, 'STAFF'),
        body: {
          preferred_outlets: [outlet.id],
          preferred_staff: [staffId],
          communication_channels: { sms: true },
          language: 'id',
          accessibility_needs: 'Wheelchair access',
        },
      });
      expect(response.status).toBe(200);
      expect(response.body.preferences).toEqual({
        preferred_services: [],
        preferred_staff: [staffId],
        preferred_outlets: [outlet.id],
        communication_channels: { sms: true, email: true, push: true },
        marketing_consent: false,
        language: 'id',
        accessibility_needs: 'Wheelchair access',
      });
      // The customer sees the same choices in the self view.
      const own = await service.request('GET', '/customers/preferences', { token: customer.token });
      expect(own.body).toMatchObject({
        preferred_outlet_id: outlet.id,
        preferred_staff_ids: [staffId],
        language: 'id',
      });
      await eventOf(
        'identity.customer.updated.v1',
        customer.customerId,
        (data) => data.preferences.language === 'id',
      );

      const [foreignOutlet] = (await service.request('GET', '/outlets', { token: other.token })).body.items;
      const invalid = await service.request('PUT', `/customers/${customer.customerId}/preferences`, {
        token: tenant.token,
        body: { preferred_outlets: [foreignOutlet.id] },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toEqual({ detail: 'Invalid outlet ID' });
      expect(
        (
          await service.request('PUT', `/customers/${customer.customerId}/preferences`, {
            token: other.token,
            body: { language: 'en' },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await service.request('PUT', `/customers/${customer.customerId}/preferences`, {
            token: tenant.token,
            body: { language: 'ms' },
          })
        ).status,
      ).toBe(422);
      expect(
        (
          await service.request('PUT', `/customers/${customer.customerId}/preferences`, {
            token: customer.token,
            body: { language: 'en' },
          })
        ).status,
      ).toBe(403);
    });
  });

  describe('DELETE /customers/{customer_id}', () => {
    it('soft-deletes by default: inactive, signed out, out of the list, contact free again', async () => {
      const tenant = await registeredTenant(service);
      const customer = await registeredCustomer(service, tenant.slug);
      const response = await service.request('DELETE', `/customers/${customer.customerId}`, {
        token: tenant.token,
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: expect.any(String) });

      const read = await service.request('GET', `/customers/${customer.customerId}`, { token: tenant.token });
      expect(read.body).toMatchObject({ is_deleted: true, is_active: false });
      expect((await service.request('GET', '/customers', { token: tenant.token })).body.total).toBe(0);
      const refresh = await service.request('POST', '/customer/auth/refresh', {
        body: { refresh_token: customer.refreshToken },
      });
      expect(refresh.status).toBe(401);
      const event = await eventOf(
        'identity.customer.updated.v1',
        customer.customerId,
        (data) => data.is_deleted,
      );
      expect(customerUpdatedV1.parse(event.data)).toMatchObject({ is_deleted: true, is_active: false });

      // The same e-mail may register again.
      const again = await service.request('POST', '/customer/auth/register', { body: customer.body });
      expect(again.status).toBe(201);
    });

    it('removes the record permanently only for SUPER_ADMIN (403 otherwise) and publishes the deletion', async () => {
      const tenant = await registeredTenant(service);
      const created = await createCustomer(tenant.token);
      const refused = await service.request('DELETE', `/customers/${created.id}?permanent=true`, {
        token: tenant.token,
      });
      expect(refused.status).toBe(403);
      expect((await service.request('GET', `/customers/${created.id}`, { token: tenant.token })).status).toBe(
        200,
      );

      const superAdmin = staffToken(null, 'SUPER_ADMIN');
      const removed = await service.request('DELETE', `/customers/${created.id}?permanent=true`, {
        token: superAdmin,
      });
      expect(removed.status).toBe(200);
      expect((await service.request('GET', `/customers/${created.id}`, { token: tenant.token })).status).toBe(
        404,
      );
      const event = await eventOf('identity.customer.deleted.v1', created.id);
      expect(customerDeletedV1.parse(event.data)).toMatchObject({
        tenant_id: tenant.tenantId,
        reason: 'permanent_delete_by_staff',
      });
    });

    it("refuses other roles, another tenant's customer and bad input", async () => {
      const tenant = await registeredTenant(service);
      const other = await registeredTenant(service);
      const created = await createCustomer(tenant.token);
      expect(
        (
          await service.request('DELETE', `/customers/${created.id}`, {
            token: staffToken(tenant.tenantId, 'OUTLET_MANAGER'),
          })
        ).status,
      ).toBe(403);
      expect(
        (await service.request('DELETE', `/customers/${created.id}`, { token: other.token })).status,
      ).toBe(403);
      expect(
        (
          await service.request('DELETE', `/customers/${created.id}?permanent=perhaps`, {
            token: tenant.token,
          })
        ).status,
      ).toBe(422);
    });
  });
});
