import { waitFor } from '@salon/testing';
import { expectStatus, registerBusiness, registerCustomer } from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';

/**
 * A customer who lost the e-mail code asks for another through the gateway: too soon is 429 with Retry-After;
 * past the cooldown a new code arrives in the SMTP sandbox, the old code no longer verifies and the new one does.
 */
let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
}, 120_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

const WAIT = { timeoutMs: 30_000, intervalMs: 100 };
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

it('resends the e-mail verification code through notifications and the SMTP sandbox', async () => {
  const business = await registerBusiness(platform, 'Resend');
  const dewi = await registerCustomer(platform, business, 'dewi@resend.example', 'Dewi');
  const first = await waitFor(async () => {
    const [mail] = await platform.sandbox.messages('email', dewi.email);
    return mail && codeIn(mail.text);
  }, WAIT);

  const tooSoon = await platform.request('POST', '/customer/auth/verify-email/resend', { token: dewi.token });
  expect(tooSoon.status).toBe(429);
  expect(tooSoon.body).toEqual({ detail: expect.stringContaining('Please wait') });
  expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);

  // No API moves the clock: the registration's code as if sent a minute ago, past the 60-second cooldown.
  await platform.query(
    'identity',
    `UPDATE identity.customer_verification_codes SET created_at = now() - interval '61 seconds'
     WHERE customer_id = $1 AND channel = 'email'`,
    [dewi.id],
  );
  expect(
    expectStatus(
      await platform.request('POST', '/customer/auth/verify-email/resend', { token: dewi.token }),
      200,
    ),
  ).toEqual({ success: true, message: expect.any(String) });
  const second = await waitFor(async () => {
    const mails = await platform.sandbox.messages('email', dewi.email);
    if (mails.length < 2) return undefined;
    const [latest] = [...mails].sort((a, b) => b.received_at.localeCompare(a.received_at));
    return latest && codeIn(latest.text);
  }, WAIT);

  if (second !== first)
    expectStatus(
      await platform.request('POST', '/customer/auth/verify-email', {
        token: dewi.token,
        body: { code: first },
      }),
      400,
    );
  expectStatus(
    await platform.request('POST', '/customer/auth/verify-email', {
      token: dewi.token,
      body: { code: second },
    }),
    200,
  );
  const profile = expectStatus(
    await platform.request('GET', '/customers/profile', { token: dewi.token }),
    200,
  );
  expect(profile.email_verified).toBe(true);
}, 120_000);
