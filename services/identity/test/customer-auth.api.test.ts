import { sql } from 'drizzle-orm';
import { customerRegisteredV1, customerUpdatedV1, type CustomerRegisteredV1 } from '@salon/contracts';
import {
  captureEvents,
  setTenantPlan,
  startTestService,
  type EventCapture,
  type TestService,
} from '@salon/testing';
import { identityService } from '../src/definition';
import { claimsOf, customerRegistration, registeredCustomer, registeredTenant, query } from './helpers';

describe('customer authentication', () => {
  let service: TestService;
  let events: EventCapture;

  beforeAll(async () => {
    service = await startTestService(identityService);
    events = await captureEvents(service.testBus.bus, [
      'identity.customer.registered.v1',
      'identity.customer.updated.v1',
    ]);
  });
  afterAll(() => service.stop());

  async function registeredEvent(customerId: string): Promise<CustomerRegisteredV1> {
    const event = await events.next(
      'identity.customer.registered.v1',
      (candidate) => candidate.data.customer_id === customerId,
    );
    return customerRegisteredV1.parse(event.data);
  }

  describe('POST /customer/auth/register', () => {
    it('creates an active, unverified customer with hashed codes and hands the plain codes to notifications', async () => {
      const tenant = await registeredTenant(service);
      const body = customerRegistration(tenant.slug, { marketing_consent: true });
      const response = await service.request('POST', '/customer/auth/register', { body });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        customer_id: expect.stringMatching(/^[0-9a-f]{24}$/),
        email: body.email.toLowerCase(),
        phone: body.phone,
        first_name: 'Sari',
        last_name: 'Dewi',
        tenant_id: tenant.tenantId,
        email_verification_required: true,
        phone_verification_required: true,
        message: expect.any(String),
      });
      const customerId = response.body.customer_id;

      const data = await registeredEvent(customerId);
      expect(data).toMatchObject({
        tenant_id: tenant.tenantId,
        email: body.email.toLowerCase(),
        source: 'self_registration',
        has_password: true,
        preferences: { marketing_consent: true, data_processing_consent: true, language: 'en' },
      });
      const { email, phone } = data.verification;
      expect(email!.code).toMatch(/^\d{6}$/);
      expect(phone!.code).toMatch(/^\d{6}$/);
      // E-mail code 24 hours, phone code 15 minutes (give or take the test's own run time).
      const hoursLeft = (Date.parse(email!.expires_at) - Date.now()) / 3_600_000;
      const minutesLeft = (Date.parse(phone!.expires_at) - Date.now()) / 60_000;
      expect(hoursLeft).toBeGreaterThan(23.5);
      expect(hoursLeft).toBeLessThanOrEqual(24);
      expect(minutesLeft).toBeGreaterThan(14);
      expect(minutesLeft).toBeLessThanOrEqual(15);

      // Stored: active, unverified, password and codes hashed.
      const { rows } = await query<{ is_active: boolean; email_verified: boolean; password_hash: string }>(
        service,
        sql`SELECT is_active, email_verified, password_hash FROM identity.customers WHERE id = ${customerId}`,
      );
      expect(rows[0]).toMatchObject({ is_active: true, email_verified: false });
      expect(rows[0]!.password_hash).not.toContain(body.password);
      const codes = await query<{ code_hash: string }>(
        service,
        sql`SELECT code_hash FROM identity.customer_verification_codes WHERE customer_id = ${customerId}`,
      );
      expect(codes.rows).toHaveLength(2);
      expect(codes.rows.map((row) => row.code_hash)).not.toContain(email!.code);
    });

    it('flags verification only for the contact given', async () => {
      const tenant = await registeredTenant(service);
      const { phone: _phone, ...body } = customerRegistration(tenant.slug);
      const response = await service.request('POST', '/customer/auth/register', { body });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        phone: null,
        email_verification_required: true,
        phone_verification_required: false,
      });
      expect((await registeredEvent(response.body.customer_id)).verification.phone).toBeNull();
    });

    it('refuses a registration without e-mail and phone (400), an unknown or inactive tenant (404)', async () => {
      const tenant = await registeredTenant(service);
      const { email: _email, phone: _phone, ...noContact } = customerRegistration(tenant.slug);
      const missing = await service.request('POST', '/customer/auth/register', { body: noContact });
      expect(missing.status).toBe(400);

      const unknown = await service.request('POST', '/customer/auth/register', {
        body: customerRegistration('no-such-tenant'),
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ detail: 'Tenant not found' });

      await query(service, sql`UPDATE identity.tenants SET is_active = false WHERE id = ${tenant.tenantId}`);
      const inactive = await service.request('POST', '/customer/auth/register', {
        body: customerRegistration(tenant.slug),
      });
      expect(inactive.status).toBe(404);
    });

    it('refuses a duplicate e-mail (any case) or phone within the tenant, but not in another tenant', async () => {
      const tenant = await registeredTenant(service);
      const other = await registeredTenant(service);
      const body = customerRegistration(tenant.slug);
      expect((await service.request('POST', '/customer/auth/register', { body })).status).toBe(201);

      const sameEmail = await service.request('POST', '/customer/auth/register', {
        body: customerRegistration(tenant.slug, { email: body.email.toUpperCase() }),
      });
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body).toEqual({ detail: 'Email already registered' });
      const samePhone = await service.request('POST', '/customer/auth/register', {
        body: customerRegistration(tenant.slug, { phone: body.phone }),
      });
      expect(samePhone.status).toBe(409);
      expect(samePhone.body).toEqual({ detail: 'Phone already registered' });

      const elsewhere = await service.request('POST', '/customer/auth/register', {
        body: { ...body, tenant_slug: other.slug },
      });
      expect(elsewhere.status).toBe(201);
    });

    it('validates the body (422)', async () => {
      const response = await service.request('POST', '/customer/auth/register', {
        body: customerRegistration('any', { email: 'not-an-email', password: 'short' }),
      });
      expect(response.status).toBe(422);
      expect(response.body.detail.map((issue: { loc: string[] }) => issue.loc)).toEqual(
        expect.arrayContaining([
          ['body', 'email'],
          ['body', 'password'],
        ]),
      );
    });
  });

  describe('POST /customer/auth/login', () => {
    it('answers the spec response with tenant, outlets, preferred outlet and a 3600-second session token', async () => {
      const tenant = await registeredTenant(service, { description: 'Hair and nails' });
      const body = customerRegistration(tenant.slug);
      const registered = await service.request('POST', '/customer/auth/register', { body });
      const hours = { monday: { open: '09:00', close: '18:00' } };
      const [outlet] = (await service.request('GET', '/outlets', { token: tenant.token })).body.items;
      await service.request('PUT', `/outlets/${outlet.id}`, {
        token: tenant.token,
        body: { business_hours: hours, address: 'Jl. Sudirman 1' },
      });

      const response = await service.request('POST', '/customer/auth/login', {
        body: { email: body.email, password: body.password, tenant_slug: tenant.slug },
      });
      expect(response.status).toBe(200);
      const outletView = {
        id: outlet.id,
        name: outlet.name,
        slug: 'main',
        address: 'Jl. Sudirman 1',
        phone: outlet.phone,
        business_hours: hours,
      };
      expect(response.body).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        token_type: 'bearer',
        expires_in: 3600,
        customer: {
          id: registered.body.customer_id,
          email: body.email.toLowerCase(),
          first_name: 'Sari',
          last_name: 'Dewi',
          phone: body.phone,
          email_verified: false,
          phone_verified: false,
        },
        tenant: {
          id: tenant.tenantId,
          name: tenant.body.business_name,
          slug: tenant.slug,
          description: 'Hair and nails',
          logo_url: null,
          theme_color: null,
        },
        outlets: [outletView],
        preferred_outlet: outletView,
        gateway_id_enabled: null,
      });

      const access = claimsOf(response.body.access_token);
      expect(access).toMatchObject({
        typ: 'customer',
        sub: registered.body.customer_id,
        tenant_id: tenant.tenantId,
        session_id: expect.stringMatching(/^[0-9a-f]{24}$/),
      });
      expect(access.exp - access.iat).toBe(3600);
      const refresh = claimsOf(response.body.refresh_token);
      expect(refresh).toMatchObject({
        typ: 'refresh',
        session_id: access.session_id,
        tenant_id: tenant.tenantId,
      });
      expect(refresh.exp - refresh.iat).toBe(30 * 86_400);

      const { rows } = await query<{ status: string; customer_id: string; days: number }>(
        service,
        sql`SELECT status, customer_id, round(extract(epoch FROM expires_at - login_at) / 86400)::int AS days
            FROM identity.customer_sessions WHERE id = ${access.session_id}`,
      );
      expect(rows[0]).toEqual({ status: 'active', customer_id: registered.body.customer_id, days: 30 });
    });

    it('finds the tenant without tenant_slug, by e-mail or phone, and asks for it when several tenants know the customer', async () => {
      const first = await registeredTenant(service);
      const second = await registeredTenant(service);
      const body = customerRegistration(first.slug);
      await service.request('POST', '/customer/auth/register', { body });

      const byPhone = await service.request('POST', '/customer/auth/login', {
        body: { phone: body.phone, password: body.password },
      });
      expect(byPhone.status).toBe(200);
      expect(byPhone.body.tenant.id).toBe(first.tenantId);

      await service.request('POST', '/customer/auth/register', {
        body: { ...body, tenant_slug: second.slug },
      });
      const ambiguous = await service.request('POST', '/customer/auth/login', {
        body: { email: body.email, password: body.password },
      });
      expect(ambiguous.status).toBe(400);
      expect(ambiguous.body.detail).toMatch(/^tenant_slug is required: /);

      const direct = await service.request('POST', '/customer/auth/login', {
        body: { email: body.email, password: body.password, tenant_slug: second.slug },
      });
      expect(direct.status).toBe(200);
      expect(direct.body.tenant.id).toBe(second.tenantId);
    });

    it('uses the preferred outlet and the tenant gateway setting when there are', async () => {
      const tenant = await registeredTenant(service);
      const customer = await registeredCustomer(service, tenant.slug);
      const [main] = customer.login.outlets;
      // FREE allows one outlet: move the tenant to PRO for a second.
      await setTenantPlan(service, tenant.tenantId, 'PRO');
      const second = await service.request('POST', '/outlets', {
        token: tenant.token,
        body: { name: 'Kemang' },
      });
      expect(second.status).toBe(201);
      await service.request('PUT', '/customers/preferences', {
        token: customer.token,
        body: { preferred_outlet_id: second.body.id },
      });
      const login = await service.request('POST', '/customer/auth/login', {
        body: { email: customer.body.email, password: customer.body.password },
      });
      expect(login.status).toBe(200);
      expect(login.body.outlets.map((outlet: { id: string }) => outlet.id)).toEqual([
        main.id,
        second.body.id,
      ]);
      expect(login.body.preferred_outlet.id).toBe(second.body.id);
      // This identity runs without a payment provider: online payments are not configured.
      expect(login.body.gateway_id_enabled).toBeNull();
    });

    it('answers 401 for a wrong password, an unknown customer or a walk-in, 403 when deactivated', async () => {
      const tenant = await registeredTenant(service);
      const customer = await registeredCustomer(service, tenant.slug);
      const wrong = await service.request('POST', '/customer/auth/login', {
        body: { email: customer.body.email, password: 'Wrong12345' },
      });
      const unknown = await service.request('POST', '/customer/auth/login', {
        body: { email: 'nobody@nowhere.example', password: 'Wrong12345' },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);

      const walkIn = await service.request('POST', '/customers', {
        token: tenant.token,
        body: { first_name: 'Walk', phone: '+62811000111' },
      });
      expect(walkIn.status).toBe(201);
      const walkInLogin = await service.request('POST', '/customer/auth/login', {
        body: { phone: '+62811000111', password: 'Anything123', tenant_slug: tenant.slug },
      });
      expect(walkInLogin.status).toBe(401);

      await query(
        service,
        sql`UPDATE identity.customers SET is_active = false WHERE id = ${customer.customerId}`,
      );
      const deactivated = await service.request('POST', '/customer/auth/login', {
        body: { email: customer.body.email, password: customer.body.password },
      });
      expect(deactivated.status).toBe(403);

      const unknownTenant = await service.request('POST', '/customer/auth/login', {
        body: { email: customer.body.email, password: customer.body.password, tenant_slug: 'nope' },
      });
      expect(unknownTenant.status).toBe(404);
    });

    it('answers 400 without e-mail and phone, 422 for a bad body', async () => {
      expect(
        (await service.request('POST', '/customer/auth/login', { body: { password: 'Whatever123' } })).status,
      ).toBe(400);
      expect(
        (await service.request('POST', '/customer/auth/login', { body: { email: 'x@y.example' } })).status,
      ).toBe(422);
    });
  });

  describe('refresh and logout', () => {
    it('exchanges the refresh token (rotated) for a new 3600-second pair of the same session', async () => {
      const tenant = await registeredTenant(service);
      const customer = await registeredCustomer(service, tenant.slug);
      const sessionId = claimsOf(customer.token).session_id;

      const refreshed = await service.request('POST', '/customer/auth/refresh', {
        body: { refresh_token: customer.refreshToken },
      });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        token_type: 'bearer',
        expires_in: 3600,
      });
      const access = claimsOf(refreshed.body.access_token);
      expect(access).toMatchObject({ typ: 'customer', session_id: sessionId, sub: customer.customerId });
      expect(access.exp - access.iat).toBe(3600);
      expect(
        (await service.request('GET', '/customers/profile', { token: refreshed.body.access_token })).status,
      ).toBe(200);

      // The old refresh token was replaced: presenting it again ends the session.
      const reused = await service.request('POST', '/customer/auth/refresh', {
        body: { refresh_token: customer.refreshToken },
      });
      expect(reused.status).toBe(401);
      const afterReuse = await service.request('POST', '/customer/auth/refresh', {
        body: { refresh_token: refreshed.body.refresh_token },
      });
      expect(afterReuse.status).toBe(401);
    });

    it('invalidates every session on logout, refusing their refresh tokens, and answers 200 again afterwards', async () => {
      const tenant = await registeredTenant(service);
      const customer = await registeredCustomer(service, tenant.slug);
      const secondDevice = await service.request('POST', '/customer/auth/login', {
        body: { email: customer.body.email, password: customer.body.password },
      });

      const logout = await service.request('POST', '/customer/auth/logout', { token: customer.token });
      expect(logout.status).toBe(200);
      expect(logout.body).toEqual({ success: true, message: expect.any(String) });
      const { rows } = await query<{ status: string; invalidation_reason: string }>(
        service,
        sql`SELECT status, invalidation_reason FROM identity.customer_sessions WHERE customer_id = ${customer.customerId}`,
      );
      expect(rows).toEqual([
        { status: 'invalidated', invalidation_reason: 'logout' },
        { status: 'invalidated', invalidation_reason: 'logout' },
      ]);
      for (const refreshToken of [customer.refreshToken, secondDevice.body.refresh_token]) {
        const refused = await service.request('POST', '/customer/auth/refresh', {
          body: { refresh_token: refreshToken },
        });
        expect(refused.status).toBe(401);
      }

      const again = await service.request('POST', '/customer/auth/logout?everywhere=true', {
        token: customer.token,
      });
      expect(again.status).toBe(200);
      expect(again.body.success).toBe(true);

      const third = await service.request('POST', '/customer/auth/login', {
        body: { email: customer.body.email, password: customer.body.password },
      });
      await service.request('POST', '/customer/auth/logout?everywhere=true', {
        token: third.body.access_token,
      });
      const reason = await query<{ invalidation_reason: string }>(
        service,
        sql`SELECT invalidation_reason FROM identity.customer_sessions
            WHERE id = ${claimsOf(third.body.access_token).session_id}`,
      );
      expect(reason.rows[0]!.invalidation_reason).toBe('logout_all_devices');
      expect(
        (await service.request('POST', '/customer/auth/logout?everywhere=maybe', { token: customer.token }))
          .status,
      ).toBe(422);
    });

    it('refuses the refresh of an expired session and marks it expired', async () => {
      const tenant = await registeredTenant(service);
      const customer = await registeredCustomer(service, tenant.slug);
      const sessionId = claimsOf(customer.token).session_id;
      await query(
        service,
        sql`UPDATE identity.customer_sessions SET expires_at = now() - interval '1 second' WHERE id = ${sessionId}`,
      );
      const refused = await service.request('POST', '/customer/auth/refresh', {
        body: { refresh_token: customer.refreshToken },
      });
      expect(refused.status).toBe(401);
      const { rows } = await query<{ status: string; invalidation_reason: string }>(
        service,
        sql`SELECT status, invalidation_reason FROM identity.customer_sessions WHERE id = ${sessionId}`,
      );
      expect(rows[0]).toEqual({ status: 'expired', invalidation_reason: 'expired' });
    });

    it('keeps staff and customer tokens apart', async () => {
      const tenant = await registeredTenant(service);
      const customer = await registeredCustomer(service, tenant.slug);
      // Refresh tokens of the other kind, and access tokens, are not refresh tokens here.
      for (const [path, token] of [
        ['/customer/auth/refresh', tenant.refreshToken],
        ['/customer/auth/refresh', customer.token],
        ['/auth/refresh', customer.refreshToken],
      ] as const) {
        expect((await service.request('POST', path, { body: { refresh_token: token } })).status).toBe(401);
      }
      // A staff token on the customer routes, a customer token on staff routes: 403.
      expect((await service.request('POST', '/customer/auth/logout', { token: tenant.token })).status).toBe(
        403,
      );
      expect(
        (
          await service.request('POST', '/customer/auth/verify-email', {
            token: tenant.token,
            body: { code: '123456' },
          })
        ).status,
      ).toBe(403);
      expect(
        (await service.request('GET', `/tenants/${tenant.tenantId}`, { token: customer.token })).status,
      ).toBe(403);
      expect((await service.request('GET', '/outlets', { token: customer.token })).status).toBe(403);
      expect((await service.request('POST', '/customer/auth/logout')).status).toBe(401);
    });
  });

  describe('verification', () => {
    it('verifies e-mail and phone with the codes of the event; a wrong or expired code is a 400', async () => {
      const tenant = await registeredTenant(service);
      const customer = await registeredCustomer(service, tenant.slug);
      const { verification } = await registeredEvent(customer.customerId);
      const wrongCode = verification.email!.code === '000000' ? '111111' : '000000';

      const wrong = await service.request('POST', '/customer/auth/verify-email', {
        token: customer.token,
        body: { code: wrongCode },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ detail: 'Invalid or expired verification code' });

      const verified = await service.request('POST', '/customer/auth/verify-email', {
        token: customer.token,
        body: { code: verification.email!.code },
      });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ success: true, email_verified: true, phone_verified: false });
      const updated = await events.next(
        'identity.customer.updated.v1',
        (event) => event.data.customer_id === customer.customerId && event.data.email_verified,
      );
      expect(customerUpdatedV1.parse(updated.data).email_verified).toBe(true);
      // Used up.
      const reused = await service.request('POST', '/customer/auth/verify-email', {
        token: customer.token,
        body: { code: verification.email!.code },
      });
      expect(reused.status).toBe(400);

      // The phone code has expired (15 minutes): moved into the past rather than waited for.
      await query(
        service,
        sql`UPDATE identity.customer_verification_codes SET expires_at = now() - interval '1 second'
            WHERE customer_id = ${customer.customerId} AND channel = 'phone'`,
      );
      const expired = await service.request('POST', '/customer/auth/verify-phone', {
        token: customer.token,
        body: { code: verification.phone!.code },
      });
      expect(expired.status).toBe(400);

      const profile = await service.request('GET', '/customers/profile', { token: customer.token });
      expect(profile.body).toMatchObject({ email_verified: true, phone_verified: false });
    });

    it('verifies the phone, and stops accepting a code after 5 wrong attempts', async () => {
      const tenant = await registeredTenant(service);
      const customer = await registeredCustomer(service, tenant.slug);
      const { verification } = await registeredEvent(customer.customerId);
      const good = await service.request('POST', '/customer/auth/verify-phone', {
        token: customer.token,
        body: { code: verification.phone!.code },
      });
      expect(good.status).toBe(200);
      expect(good.body.phone_verified).toBe(true);

      const wrongCode = verification.email!.code === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const wrong = await service.request('POST', '/customer/auth/verify-email', {
          token: customer.token,
          body: { code: wrongCode },
        });
        expect(wrong.status).toBe(400);
      }
      const locked = await service.request('POST', '/customer/auth/verify-email', {
        token: customer.token,
        body: { code: verification.email!.code },
      });
      expect(locked.status).toBe(400);
    });

    it('validates the code (422)', async () => {
      const tenant = await registeredTenant(service);
      const customer = await registeredCustomer(service, tenant.slug);
      const response = await service.request('POST', '/customer/auth/verify-email', {
        token: customer.token,
        body: { code: '12ab' },
      });
      expect(response.status).toBe(422);
      expect(response.body.detail[0].loc).toEqual(['body', 'code']);
    });
  });
});
