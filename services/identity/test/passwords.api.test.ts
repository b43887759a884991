import { revokedSessionsResponse } from '@salon/contracts';
import {
  captureEvents,
  startTestService,
  TEST_INTERNAL_TOKEN,
  type EventCapture,
  type TestService,
} from '@salon/testing';
import { identityService } from '../src/definition';
import { claimsOf, registeredCustomer, registeredTenant } from './helpers';

const RESET_ANSWER = {
  success: true,
  message: 'If an account exists for these details, a password reset code has been sent to it',
};

describe('password reset and change, and the sessions they end', () => {
  let service: TestService;
  let events: EventCapture;

  beforeAll(async () => {
    service = await startTestService(identityService);
    events = await captureEvents(service.testBus.bus, [
      'identity.account.password_reset_requested.v1',
      'identity.account.password_changed.v1',
    ]);
  });
  afterAll(() => service.stop());

  const resetCode = async (accountId: string, after = 0) =>
    (
      await events.next(
        'identity.account.password_reset_requested.v1',
        (event) =>
          event.data.account_id === accountId &&
          events.of('identity.account.password_reset_requested.v1').indexOf(event) >= after,
      )
    ).data;
  const resetRequestsOf = (accountId: string) =>
    events
      .of('identity.account.password_reset_requested.v1')
      .filter((event) => event.data.account_id === accountId).length;
  const revoked = async (since?: string) => {
    const answer = await service.request(
      'GET',
      `/internal/sessions/revoked${since ? `?since=${encodeURIComponent(since)}` : ''}`,
      { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } },
    );
    expect(answer.status).toBe(200);
    return revokedSessionsResponse.parse(answer.body);
  };
  const revokedIds = async () => new Set((await revoked()).sessions.map((session) => session.session_id));
  const staffLogin = (email: string, password: string) =>
    service.request('POST', '/auth/login', { body: { email, password } });

  it('resets a staff password with the e-mailed code: old password and every session end, the owner is told', async () => {
    const tenant = await registeredTenant(service);
    const email = tenant.body.admin_email;
    const second = await staffLogin(email, 'Secret123');
    const sessions = [claimsOf(tenant.token).sid as string, claimsOf(second.body.access_token).sid as string];
    expect(new Set(sessions).size).toBe(2);

    const forgot = await service.request('POST', '/auth/password/forgot', { body: { email } });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ success: true, message: expect.any(String) });
    const issued = await resetCode(tenant.userId);
    expect(issued).toMatchObject({ account_type: 'staff', tenant_id: null, email, channel: 'email' });
    expect(issued.code).toMatch(/^\d{6}$/);
    const minutes = (Date.parse(issued.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    const weak = await service.request('POST', '/auth/password/reset', {
      body: { email, code: issued.code, new_password: 'weakpass' },
    });
    expect(weak.status).toBe(422);
    const reset = await service.request('POST', '/auth/password/reset', {
      body: { email, code: issued.code, new_password: 'Renewed456' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, message: expect.any(String) });

    expect((await staffLogin(email, 'Secret123')).status).toBe(401);
    expect((await staffLogin(email, 'Renewed456')).status).toBe(200);
    const ended = await revokedIds();
    for (const session of sessions) expect(ended.has(session)).toBe(true);
    const refresh = await service.request('POST', '/auth/refresh', {
      body: { refresh_token: tenant.refreshToken },
    });
    expect(refresh.status).toBe(401);
    const told = await events.next(
      'identity.account.password_changed.v1',
      (event) => event.data.account_id === tenant.userId,
    );
    expect(told.data).toMatchObject({ reason: 'reset', email });

    // Single use: the code that worked does not work again.
    const again = await service.request('POST', '/auth/password/reset', {
      body: { email, code: issued.code, new_password: 'Another789' },
    });
    expect(again.status).toBe(400);
  });

  it('answers an unknown e-mail exactly as a known one and sends nothing; a reset for it fails like a wrong code', async () => {
    const tenant = await registeredTenant(service);
    const known = await service.request('POST', '/auth/password/forgot', {
      body: { email: tenant.body.admin_email },
    });
    const unknownEmail = `nobody-${Date.now()}@glow.example`;
    const unknown = await service.request('POST', '/auth/password/forgot', { body: { email: unknownEmail } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await resetCode(tenant.userId);
    expect(
      events
        .of('identity.account.password_reset_requested.v1')
        .filter((event) => event.data.email === unknownEmail),
    ).toEqual([]);
    const reset = await service.request('POST', '/auth/password/reset', {
      body: { email: unknownEmail, code: '123456', new_password: 'Renewed456' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual({ detail: 'Invalid or expired reset code' });
  });

  it('voids a code after 5 wrong tries: the right code then fails too', async () => {
    const tenant = await registeredTenant(service);
    const email = tenant.body.admin_email;
    await service.request('POST', '/auth/password/forgot', { body: { email } });
    const { code } = await resetCode(tenant.userId);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await service.request('POST', '/auth/password/reset', {
        body: { email, code: wrong, new_password: 'Renewed456' },
      });
      expect(answer.status).toBe(400);
    }
    const right = await service.request('POST', '/auth/password/reset', {
      body: { email, code, new_password: 'Renewed456' },
    });
    expect(right.status).toBe(400);
    expect((await staffLogin(email, 'Secret123')).status).toBe(200);
  });

  it('sends at most 5 codes an hour to one account, answering every request the same', async () => {
    const tenant = await registeredTenant(service);
    const email = tenant.body.admin_email;
    const answers = [];
    for (let request = 0; request < 7; request += 1)
      answers.push(await service.request('POST', '/auth/password/forgot', { body: { email } }));
    expect(answers.map((answer) => answer.status)).toEqual(Array(7).fill(200));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    await resetCode(tenant.userId, 0);
    await events.next(
      'identity.account.password_reset_requested.v1',
      () => resetRequestsOf(tenant.userId) >= 5,
    );
    expect(resetRequestsOf(tenant.userId)).toBe(5);
  });

  it('changes a staff password with the current one; every session ends, the one that asked included', async () => {
    const tenant = await registeredTenant(service);
    const email = tenant.body.admin_email;
    const wrong = await service.request('POST', '/auth/password/change', {
      token: tenant.token,
      body: { current_password: 'NotMine123', new_password: 'Changed789' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: 'Current password is incorrect' });
    const same = await service.request('POST', '/auth/password/change', {
      token: tenant.token,
      body: { current_password: 'Secret123', new_password: 'Secret123' },
    });
    expect(same.status).toBe(400);
    const changed = await service.request('POST', '/auth/password/change', {
      token: tenant.token,
      body: { current_password: 'Secret123', new_password: 'Changed789' },
    });
    expect(changed.status).toBe(200);
    expect((await revokedIds()).has(claimsOf(tenant.token).sid)).toBe(true);
    expect((await staffLogin(email, 'Changed789')).status).toBe(200);
    const told = await events.next(
      'identity.account.password_changed.v1',
      (event) => event.data.account_id === tenant.userId,
    );
    expect(told.data.reason).toBe('change');
  });

  it('resets a customer password by e-mail or by phone, and changes it signed in', async () => {
    const tenant = await registeredTenant(service);
    const customer = await registeredCustomer(service, tenant.slug);
    const login = (password: string) =>
      service.request('POST', '/customer/auth/login', {
        body: { email: customer.body.email, password, tenant_slug: tenant.slug },
      });

    const neither = await service.request('POST', '/customer/auth/password/forgot', {
      body: { tenant_slug: tenant.slug },
    });
    expect(neither.status).toBe(400);
    const byPhone = await service.request('POST', '/customer/auth/password/forgot', {
      body: { tenant_slug: tenant.slug, phone: customer.body.phone },
    });
    expect(byPhone.status).toBe(200);
    const phoneCode = await resetCode(customer.customerId);
    expect(phoneCode).toMatchObject({
      account_type: 'customer',
      tenant_id: tenant.tenantId,
      channel: 'phone',
      phone: customer.body.phone,
    });
    const reset = await service.request('POST', '/customer/auth/password/reset', {
      body: {
        tenant_slug: tenant.slug,
        phone: customer.body.phone,
        code: phoneCode.code,
        new_password: 'Customer456',
      },
    });
    expect(reset.status).toBe(200);
    expect((await login('Customer123')).status).toBe(401);
    expect((await revokedIds()).has(claimsOf(customer.token).session_id)).toBe(true);

    const signedIn = await login('Customer456');
    expect(signedIn.status).toBe(200);
    const changed = await service.request('POST', '/customer/auth/password/change', {
      token: signedIn.body.access_token,
      body: { current_password: 'Customer456', new_password: 'Customer789' },
    });
    expect(changed.status).toBe(200);
    expect((await revokedIds()).has(claimsOf(signedIn.body.access_token).session_id)).toBe(true);
    expect((await login('Customer789')).status).toBe(200);

    const unknownSlug = await service.request('POST', '/customer/auth/password/forgot', {
      body: { tenant_slug: `no-such-salon-${Date.now()}`, email: customer.body.email },
    });
    expect(unknownSlug.status).toBe(404);
  });

  it('ends staff sessions on logout (this one, or every one), on deactivation and on a role change', async () => {
    const tenant = await registeredTenant(service);
    const email = tenant.body.admin_email;
    const other = await staffLogin(email, 'Secret123');
    const [first, second] = [claimsOf(tenant.token).sid, claimsOf(other.body.access_token).sid];

    const single = await service.request('POST', '/auth/logout', { token: tenant.token });
    expect(single.status).toBe(200);
    let ended = await revokedIds();
    expect(ended.has(first)).toBe(true);
    expect(ended.has(second)).toBe(false);

    const third = await staffLogin(email, 'Secret123');
    const everywhere = await service.request('POST', '/auth/logout?everywhere=true', {
      token: other.body.access_token,
    });
    expect(everywhere.status).toBe(200);
    ended = await revokedIds();
    expect(ended.has(second)).toBe(true);
    expect(ended.has(claimsOf(third.body.access_token).sid)).toBe(true);

    // A staff user the admin deactivates, and one whose role changes, sign in again.
    const admin = await staffLogin(email, 'Secret123');
    const adminToken = admin.body.access_token as string;
    const members = [];
    for (const name of ['deactivated', 'promoted']) {
      const memberEmail = `${name}-${Date.now()}@glow.example`;
      const created = await service.request('POST', '/users', {
        token: adminToken,
        body: {
          email: memberEmail,
          password: 'Member123',
          first_name: 'Rina',
          last_name: 'Putri',
          role: 'STAFF',
        },
      });
      expect(created.status).toBe(201);
      const signedIn = await staffLogin(memberEmail, 'Member123');
      members.push({
        id: created.body.id as string,
        sid: claimsOf(signedIn.body.access_token).sid as string,
      });
    }
    const [deactivated, promoted] = members as [(typeof members)[0], (typeof members)[0]];
    expect((await service.request('DELETE', `/users/${deactivated.id}`, { token: adminToken })).status).toBe(
      204,
    );
    const role = await service.request('PUT', `/users/${promoted.id}`, {
      token: adminToken,
      body: { role: 'RECEPTIONIST' },
    });
    expect(role.status).toBe(200);
    ended = await revokedIds();
    expect(ended.has(deactivated.sid)).toBe(true);
    expect(ended.has(promoted.sid)).toBe(true);
    expect(ended.has(claimsOf(adminToken).sid)).toBe(false);
  });

  it('refuses malformed input (422), the wrong kind of token (403) and another business (nothing sent)', async () => {
    const tenant = await registeredTenant(service);
    const other = await registeredTenant(service);
    const customer = await registeredCustomer(service, tenant.slug);
    const validation = (status: number, body: unknown) => {
      expect(status).toBe(422);
      expect(body).toEqual({
        detail: [expect.objectContaining({ loc: expect.any(Array), msg: expect.any(String) })],
      });
    };
    for (const [path, body] of [
      ['/auth/password/forgot', { email: 'not-an-email' }],
      ['/auth/password/reset', { email: tenant.body.admin_email, code: '12345', new_password: 'Renewed456' }],
      ['/customer/auth/password/forgot', { tenant_slug: tenant.slug, phone: 'call me' }],
      [
        '/customer/auth/password/reset',
        { tenant_slug: tenant.slug, email: customer.body.email, code: '1234567', new_password: 'Renewed456' },
      ],
    ] as const) {
      const answer = await service.request('POST', path, { body });
      validation(answer.status, answer.body);
    }
    const weakStaff = await service.request('POST', '/auth/password/change', {
      token: tenant.token,
      body: { current_password: 'Secret123', new_password: 'alllowercase1' },
    });
    validation(weakStaff.status, weakStaff.body);
    const shortCustomer = await service.request('POST', '/customer/auth/password/change', {
      token: customer.token,
      body: { current_password: 'Customer123', new_password: 'short' },
    });
    validation(shortCustomer.status, shortCustomer.body);

    const change = { current_password: 'Secret123', new_password: 'Changed789' };
    expect(
      (await service.request('POST', '/auth/password/change', { token: customer.token, body: change }))
        .status,
    ).toBe(403);
    expect(
      (await service.request('POST', '/customer/auth/password/change', { token: tenant.token, body: change }))
        .status,
    ).toBe(403);
    expect((await service.request('POST', '/auth/logout', { token: customer.token })).status).toBe(403);

    // The customer is another business's stranger: the same answer, no code, and a reset there fails.
    const before = resetRequestsOf(customer.customerId);
    const elsewhere = await service.request('POST', '/customer/auth/password/forgot', {
      body: { tenant_slug: other.slug, email: customer.body.email },
    });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toEqual(RESET_ANSWER);
    const reset = await service.request('POST', '/customer/auth/password/reset', {
      body: {
        tenant_slug: other.slug,
        email: customer.body.email,
        code: '123456',
        new_password: 'Renewed456',
      },
    });
    expect(reset.status).toBe(400);
    await service.request('POST', '/customer/auth/password/forgot', {
      body: { tenant_slug: tenant.slug, email: customer.body.email },
    });
    await resetCode(customer.customerId);
    expect(resetRequestsOf(customer.customerId)).toBe(before + 1);
  });

  it('lists ended sessions since a time, only to the internal token', async () => {
    const tenant = await registeredTenant(service);
    const before = (await revoked()).now;
    await service.request('POST', '/auth/logout', { token: tenant.token });
    const since = await revoked(before);
    expect(since.sessions.map((session) => session.session_id)).toContain(claimsOf(tenant.token).sid);
    const later = await revoked(since.now);
    expect(later.sessions.map((session) => session.session_id)).not.toContain(claimsOf(tenant.token).sid);
    for (const session of since.sessions)
      expect(Date.parse(session.until)).toBeGreaterThan(Date.now() + 29 * 60_000);
    const outside = await service.request('GET', '/internal/sessions/revoked');
    expect(outside.status).toBe(404);
  });
});
