import { sql } from 'drizzle-orm';
import {
  customerRegisteredV1,
  customerVerificationRequestedV1,
  type CustomerVerificationRequestedV1,
} from '@salon/contracts';
import { captureEvents, startTestService, type EventCapture, type TestService } from '@salon/testing';
import { identityService } from '../src/definition';
import { customerRegistration, registeredCustomer, registeredTenant, query } from './helpers';

describe('verification code resend', () => {
  let service: TestService;
  let events: EventCapture;
  let slug: string;
  let staffToken: string;

  beforeAll(async () => {
    service = await startTestService(identityService);
    events = await captureEvents(service.testBus.bus, [
      'identity.customer.registered.v1',
      'identity.customer.verification_requested.v1',
    ]);
    ({ slug, token: staffToken } = await registeredTenant(service));
  });
  afterAll(() => service.stop());

  const registeredCodes = async (customerId: string) =>
    customerRegisteredV1.parse(
      (await events.next('identity.customer.registered.v1', (event) => event.data.customer_id === customerId))
        .data,
    ).verification;
  const requested = async (
    customerId: string,
    where: (data: CustomerVerificationRequestedV1) => boolean = () => true,
  ) =>
    customerVerificationRequestedV1.parse(
      (
        await events.next(
          'identity.customer.verification_requested.v1',
          (event) => event.data.customer_id === customerId && where(event.data),
        )
      ).data,
    );
  /** The channel's current code as if issued `seconds` ago: the cooldown counts from the issue. */
  const issuedAgo = (customerId: string, channel: 'email' | 'phone', seconds: number) =>
    query(
      service,
      sql`UPDATE identity.customer_verification_codes SET created_at = now() - make_interval(secs => ${seconds})
          WHERE customer_id = ${customerId} AND channel = ${channel}`,
    );
  const resend = (channel: 'email' | 'phone', token: string) =>
    service.request('POST', `/customer/auth/verify-${channel}/resend`, { token });
  const verify = (channel: 'email' | 'phone', token: string, code: string) =>
    service.request('POST', `/customer/auth/verify-${channel}`, { token, body: { code } });
  const secondsUntil = (iso: string) => (Date.parse(iso) - Date.now()) / 1000;
  let phoneCounter = 0;
  const newPhone = () => {
    phoneCounter += 1;
    return `+62813${String(Date.now() % 1e5).padStart(5, '0')}${String(phoneCounter).padStart(2, '0')}`;
  };

  it('sends a new e-mail code once a minute (429 with Retry-After); the old code stops working, the new one verifies', async () => {
    const customer = await registeredCustomer(service, slug);
    const first = await registeredCodes(customer.customerId);

    // The registration's code was just sent: the cooldown applies to it too.
    const tooSoon = await resend('email', customer.token);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toEqual({ detail: expect.stringMatching(/^Please wait \d+ seconds/) });
    const retryAfter = Number(tooSoon.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    await issuedAgo(customer.customerId, 'email', 61);
    const resent = await resend('email', customer.token);
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ success: true, message: expect.stringContaining('email') });
    const event = await requested(customer.customerId);
    expect(event).toMatchObject({
      channel: 'email',
      reason: 'resend',
      email: customer.body.email.toLowerCase(),
      tenant_id: expect.any(String),
    });
    expect(secondsUntil(event.expires_at)).toBeGreaterThan(24 * 3600 - 120);
    expect(secondsUntil(event.expires_at)).toBeLessThanOrEqual(24 * 3600);

    // Right after a resend: 429 again, per channel (the phone's own cooldown is separate).
    expect((await resend('email', customer.token)).status).toBe(429);
    await issuedAgo(customer.customerId, 'phone', 61);
    expect((await resend('phone', customer.token)).status).toBe(200);

    if (first.email!.code !== event.code) {
      const old = await verify('email', customer.token, first.email!.code);
      expect(old.status).toBe(400);
      expect(old.body).toEqual({ detail: 'Invalid or expired verification code' });
    }
    const verified = await verify('email', customer.token, event.code);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, email_verified: true, phone_verified: false });

    const already = await resend('email', customer.token);
    expect(already.status).toBe(400);
    expect(already.body).toEqual({ detail: 'Email already verified' });
  });

  it('sends a new phone code valid 15 minutes; 400 for a contact the customer lacks or has verified', async () => {
    const body = customerRegistration(slug, { email: undefined });
    const registered = await service.request('POST', '/customer/auth/register', { body });
    expect(registered.status).toBe(201);
    const login = await service.request('POST', '/customer/auth/login', {
      body: { phone: body.phone, password: body.password, tenant_slug: slug },
    });
    expect(login.status).toBe(200);
    const customer = {
      customerId: registered.body.customer_id as string,
      token: login.body.access_token,
      body,
    };
    const first = await registeredCodes(customer.customerId);
    expect(first.email).toBeNull();

    const noEmail = await resend('email', customer.token);
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toEqual({ detail: 'No email address to verify' });

    await issuedAgo(customer.customerId, 'phone', 61);
    const resent = await resend('phone', customer.token);
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ success: true, message: expect.stringContaining('phone') });
    const event = await requested(customer.customerId);
    expect(event).toMatchObject({ channel: 'phone', reason: 'resend', phone: customer.body.phone });
    expect(secondsUntil(event.expires_at)).toBeGreaterThan(15 * 60 - 120);
    expect(secondsUntil(event.expires_at)).toBeLessThanOrEqual(15 * 60);

    if (first.phone!.code !== event.code)
      expect((await verify('phone', customer.token, first.phone!.code)).status).toBe(400);
    expect((await verify('phone', customer.token, event.code)).status).toBe(200);
    const already = await resend('phone', customer.token);
    expect(already.status).toBe(400);
    expect(already.body).toEqual({ detail: 'Phone already verified' });
  });

  it('refuses a staff token (403) and no token (401)', async () => {
    expect((await resend('email', staffToken)).status).toBe(403);
    expect((await service.request('POST', '/customer/auth/verify-phone/resend')).status).toBe(401);
  });

  it('sends a new phone code when the customer changes the phone, and when staff change it', async () => {
    const customer = await registeredCustomer(service, slug);
    const registered = await registeredCodes(customer.customerId);
    expect((await verify('phone', customer.token, registered.phone!.code)).status).toBe(200);

    const own = newPhone();
    const changed = await service.request('POST', '/customers/profile', {
      token: customer.token,
      body: { phone: own },
    });
    expect(changed.status).toBe(200);
    const ownCode = await requested(customer.customerId, (data) => data.phone === own);
    expect(ownCode).toMatchObject({ channel: 'phone', reason: 'phone_changed', phone: own });
    expect(secondsUntil(ownCode.expires_at)).toBeLessThanOrEqual(15 * 60);
    const verified = await verify('phone', customer.token, ownCode.code);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ phone_verified: true });

    const byStaff = newPhone();
    const updated = await service.request('PUT', `/customers/${customer.customerId}`, {
      token: staffToken,
      body: { phone: byStaff },
    });
    expect(updated.status).toBe(200);
    const staffCode = await requested(customer.customerId, (data) => data.phone === byStaff);
    expect(staffCode).toMatchObject({ channel: 'phone', reason: 'phone_changed' });
    // The code sent for the customer's own change no longer works; the new one does.
    expect((await verify('phone', customer.token, ownCode.code)).status).toBe(400);
    expect((await verify('phone', customer.token, staffCode.code)).status).toBe(200);
  });

  it('voids the e-mail code when staff change the e-mail; a resend for the new address needs no wait', async () => {
    const customer = await registeredCustomer(service, slug);
    const registered = await registeredCodes(customer.customerId);
    const email = `changed-${customer.customerId}@mail.example`;
    const updated = await service.request('PUT', `/customers/${customer.customerId}`, {
      token: staffToken,
      body: { email },
    });
    expect(updated.status).toBe(200);
    expect((await verify('email', customer.token, registered.email!.code)).status).toBe(400);

    expect((await resend('email', customer.token)).status).toBe(200);
    const event = await requested(customer.customerId, (data) => data.channel === 'email');
    expect(event).toMatchObject({ email, reason: 'resend' });
    expect((await verify('email', customer.token, event.code)).status).toBe(200);
  });
});
