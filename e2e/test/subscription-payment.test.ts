import { waitFor } from '@salon/testing';
import { expectStatus, registerBusiness, type Business } from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';

/**
 * A subscription upgrade paid on the payment provider's sandbox page, through the gateway with every service in
 * its own process: the plan becomes PRO, the tenant shows the subscription's real period, and the business gets
 * exactly one confirmation e-mail naming the plan and the period.
 */
let platform: Platform;
let business: Business;

beforeAll(async () => {
  platform = await startPlatform();
  business = await registerBusiness(platform, 'Upgraders');
}, 120_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

const WAIT = { timeoutMs: 30_000, intervalMs: 100 };
const BUSINESS_EMAIL = 'owner@upgraders.example';

it('an upgrade paid on the sandbox page: PRO, the real period on the tenant, one confirmation e-mail', async () => {
  // Billing opens the subscription from identity's registered event: it may not be there yet.
  const upgrade = await waitFor(async () => {
    const attempt = await platform.request('POST', '/subscriptions/upgrade', {
      token: business.token,
      body: { target_plan: 'pro' },
    });
    return attempt.status !== 404 && expectStatus(attempt, 200);
  }, WAIT);
  expect(upgrade).toMatchObject({ status: 'payment_pending', subscription: { plan: 'free' } });
  await platform.sandbox.payInvoice(
    upgrade.invoice.gateway_payment_url ?? upgrade.invoice.gateway_invoice_url,
  );

  // gateway → commerce → billing (plan) → identity's replica and notifications' e-mail.
  const current = await waitFor(async () => {
    const answer = expectStatus(
      await platform.request('GET', '/subscriptions/current', { token: business.token }),
      200,
    );
    return answer.plan_type === 'PRO' && answer;
  }, WAIT);
  expect(current.current_period_end).toBe(upgrade.subscription.current_period_end);

  const tenant = await waitFor(async () => {
    const answer = expectStatus(
      await platform.request('GET', `/tenants/${business.tenantId}`, { token: business.token }),
      200,
    );
    return answer.subscription.plan === 'PRO' && answer;
  }, WAIT);
  expect(tenant.subscription).toEqual({
    plan: 'PRO',
    status: 'active',
    trial_ends_at: null,
    current_period_start: current.current_period_start,
    current_period_end: current.current_period_end,
  });

  const [mail] = await waitFor(async () => {
    const mails = await platform.sandbox.messages('email', BUSINESS_EMAIL);
    return mails.length > 0 && mails;
  }, WAIT);
  // A registered business speaks Indonesian by default; the period as it reads it, in its own zone.
  expect(tenant.settings.language).toBe('id');
  const day = (iso: string) =>
    new Intl.DateTimeFormat('id-ID', {
      timeZone: business.timezone,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(iso));
  expect(mail!.subject).toBe('Salon platform: paket Pro Anda aktif');
  expect(mail!.text).toContain('Paket Anda sekarang Pro (bulanan), ditingkatkan dari Free.');
  expect(mail!.text).toContain(
    `Periode saat ini: ${day(current.current_period_start)} – ${day(current.current_period_end)}.`,
  );
  expect(mail!.text).toContain(`Tanggal tagihan berikutnya: ${day(current.current_period_end)}.`);
  // Exactly one, also after the provider's callback and every event had time to be redelivered.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const confirmations = (await platform.sandbox.messages('email', BUSINESS_EMAIL)).filter((m) =>
    m.subject.includes('paket Pro Anda aktif'),
  );
  expect(confirmations).toHaveLength(1);
});
