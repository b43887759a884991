import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { waitFor } from '@salon/testing';
import {
  startPlatformOnTestInfrastructure,
  type PlatformFixture,
} from '../../embedded/test/platform-fixture';

/**
 * What the browser tests share: Debian's Chromium driven by playwright-core on a phone-sized screen, the whole
 * platform started in this process the way `npm start` starts it, a salon set up through the API (a service,
 * a stylist, two weeks of hours), axe-core and the screenshots under artifacts/screenshots/.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = join(__dirname, '..', '..');
export const SCREENSHOTS = join(ROOT, 'artifacts', 'screenshots');
export const PASSWORD = 'Sup3r-secret!';

const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser && process.env.CI)
  throw new Error(`No Chromium at ${CHROMIUM}: CI must run the browser tests (.ci/run installs it).`);
if (!hasBrowser)
  process.stderr.write(
    `Skipping the browser tests: no Chromium at ${CHROMIUM} (apt-get install chromium).\n`,
  );
export const describeInBrowser = hasBrowser ? describe : describe.skip;

export const WAIT = { timeoutMs: 30_000, intervalMs: 200 };
/** Each step of a journey, on a shared machine that may be slow. */
export const STEP_MS = 240_000;
/** Starting the platform and setting up the salon. */
export const SETUP_MS = 300_000;

export interface ApiAnswer {
  status: number;
  body: any;
}

/** The platform's API as a test calls it (JSON in and out, an optional bearer token). */
export function apiOf(base: string) {
  return async (method: string, path: string, body?: unknown, token?: string): Promise<ApiAnswer> => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
}

export async function expectOk(answer: Promise<ApiAnswer>, status = 200): Promise<any> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${JSON.stringify(body)}`);
  return body;
}

export interface Salon {
  fixture: PlatformFixture;
  base: string;
  api: ReturnType<typeof apiOf>;
  slug: string;
  tenantId: string;
  staffToken: string;
  timezone: string;
  outletId: string;
  serviceId: string;
  staffId: string;
  /** A calendar day of the salon, `offset` days from today (YYYY-MM-DD). */
  day(offset: number): string;
}

/**
 * The platform on the test infrastructure and a salon named `name` (its addresses under `domain`) set up by
 * its owner through the API: a 45-minute haircut at 150,000, the stylist Sari, and her hours (09:00–17:00 every
 * day for two weeks), waited for until the public read models show her as bookable.
 */
export async function startSalon(name: string, domain: string): Promise<Salon> {
  if (!existsSync(join(ROOT, 'web', 'dist', 'index.html')))
    throw new Error('web/dist is not built: run `npm run build` first');
  mkdirSync(SCREENSHOTS, { recursive: true });
  const fixture = await startPlatformOnTestInfrastructure({
    RATE_LIMIT_PUBLIC: '1000/10000',
    RATE_LIMIT_CUSTOMER: '1000/10000',
    RATE_LIMIT_STAFF: '1000/10000',
    // A shared CI machine can be slow to hash a password: the journey is not a latency test.
    UPSTREAM_TIMEOUT_MS: '60000',
  });
  const base = fixture.platform.url;
  const api = apiOf(base);

  const adminEmail = `owner@${domain}`;
  const registered = await expectOk(
    api('POST', '/public/register', {
      business_name: name,
      business_email: `hello@${domain}`,
      business_phone: '+6281234567890',
      business_type: 'salon',
      admin_first_name: 'Ayu',
      admin_last_name: 'Lestari',
      admin_email: adminEmail,
      admin_password: PASSWORD,
      terms_accepted: true,
      privacy_accepted: true,
    }),
    201,
  );
  const staffToken: string = (
    await expectOk(api('POST', '/auth/login', { email: adminEmail, password: PASSWORD }))
  ).access_token;
  const tenant = await expectOk(api('GET', `/tenants/${registered.tenant_id}`, undefined, staffToken));
  const timezone: string = tenant.settings.timezone;
  const outletId: string = (await expectOk(api('GET', '/outlets', undefined, staffToken))).items[0].id;
  const serviceId: string = (
    await expectOk(
      api(
        'POST',
        '/services',
        {
          name: 'Haircut',
          slug: 'haircut',
          category: 'hair_cut',
          duration_minutes: 45,
          pricing: { base_price: '150000', currency: 'IDR' },
        },
        staffToken,
      ),
      201,
    )
  ).id;
  // Scheduling learns the outlet and the service from events: retry until it accepts the staff member.
  const staff = await waitFor(async () => {
    const created = await api(
      'POST',
      '/staff',
      {
        outlet_id: outletId,
        first_name: 'Sari',
        last_name: 'Dewi',
        email: `sari@${domain}`,
        position: 'Stylist',
        employment_type: 'full_time',
        skills: { service_ids: [serviceId] },
      },
      staffToken,
    );
    return created.status === 201 && created.body;
  }, WAIT);
  const day = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(
      new Date(Date.now() + offset * 86_400_000),
    );
  await expectOk(
    api(
      'POST',
      '/availability',
      {
        staff_id: staff.id,
        date: day(0),
        start_time: '09:00',
        end_time: '17:00',
        availability_type: 'working_hours',
        recurrence_type: 'weekly',
        recurrence_days: [0, 1, 2, 3, 4, 5, 6],
        recurrence_end_date: day(13),
      },
      staffToken,
    ),
    201,
  );
  const slug: string = registered.slug;
  // The public read models follow from events: wait until the staff member is bookable.
  await waitFor(async () => {
    const listed = await api(
      'GET',
      `/public/tenants/${slug}/staff?outlet_id=${outletId}&service_id=${serviceId}`,
    );
    return listed.status === 200 && listed.body.items.length === 1;
  }, WAIT);
  return {
    fixture,
    base,
    api,
    slug,
    tenantId: registered.tenant_id,
    staffToken,
    timezone,
    outletId,
    serviceId,
    staffId: staff.id,
    day,
  };
}

export interface ConsoleUser {
  email: string;
  role: string;
  first_name: string;
  last_name: string;
  outlet_ids?: string[];
  staff_id?: string;
}

/** A user the owner adds to the salon through the API (POST /users), with the harness's password. */
export async function addConsoleUser(salon: Salon, user: ConsoleUser): Promise<void> {
  await expectOk(salon.api('POST', '/users', { password: PASSWORD, ...user }, salon.staffToken), 201);
}

/** The staff token of a user of one business (POST /auth/login). */
export async function staffTokenOf(salon: Salon, email: string): Promise<string> {
  return (await expectOk(salon.api('POST', '/auth/login', { email, password: PASSWORD }))).access_token;
}

/** The STAFF user linked to the salon's stylist Sari, added by the owner: its e-mail. */
export async function addSariAsStaffUser(salon: Salon, domain: string): Promise<string> {
  const email = `sari.user@${domain}`;
  await addConsoleUser(salon, {
    email,
    role: 'STAFF',
    first_name: 'Sari',
    last_name: 'Dewi',
    outlet_ids: [salon.outletId],
    staff_id: salon.staffId,
  });
  return email;
}

/** A page of its own browser (en-GB) that records every Content-Security-Policy complaint. */
export async function openBrowser(device: {
  width: number;
  height: number;
  isMobile: boolean;
}): Promise<{ browser: Browser; page: Page; cspViolations: string[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const context = await browser.newContext({
    viewport: { width: device.width, height: device.height },
    deviceScaleFactor: device.isMobile ? 2 : 1,
    isMobile: device.isMobile,
    hasTouch: device.isMobile,
    locale: 'en-GB',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return { browser, page, cspViolations };
}

/** A phone-sized page (390 × 844, touch), as customers book. */
export const openPhone = () => openBrowser({ width: 390, height: 844, isMobile: true });

/** A desk's screen (1440 × 1024, mouse), as the salon's staff use the console. */
export const openDesktop = () => openBrowser({ width: 1440, height: 1024, isMobile: false });

export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

/** What a console browser test runs against: its salon on the whole platform, and a desktop page. */
export interface SalonOnDesktop {
  salon: Salon;
  browser: Browser;
  page: Page;
  cspViolations: string[];
}

/**
 * The frame every console browser test shares, registered in its describe: before all, the salon `name` at
 * `domain` is started and a desktop page opened, and both handed to `ready` (which keeps them in the test's
 * variables); after all, the browser is closed and the platform stopped, also when the start failed halfway.
 * A test that prepares data through the API does it in its own beforeAll, which Jest runs after this one.
 */
export function salonOnDesktop(name: string, domain: string, ready: (opened: SalonOnDesktop) => void): void {
  const opened: Partial<SalonOnDesktop> = {};
  beforeAll(async () => {
    opened.salon = await startSalon(name, domain);
    Object.assign(opened, await openDesktop());
    ready(opened as SalonOnDesktop);
  }, SETUP_MS);

  afterAll(async () => {
    await opened.browser?.close();
    await opened.salon?.fixture.stop();
  }, 60_000);
}

/**
 * axe-core on the page as it is now: no serious or critical violation. axe is injected through Playwright's
 * evaluate, so the page's CSP stays on (`@axe-core/playwright` needs Node 22.12, above the `engines` floor).
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() => {
    const inPage = globalThis as unknown as { axe: typeof axe; document: axe.ElementContext };
    return inPage.axe.run(inPage.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
  });
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/** The newest 6-digit code the SMTP sandbox received for `email` in a message whose subject matches. */
/** A plan change crosses billing, the payment sandbox and identity's replica: slower than one event. */
export const PLAN_WAIT = { timeoutMs: 90_000, intervalMs: 500 };

/**
 * The salon on PRO, as its owner buys it: the upgrade's invoice paid on the payment sandbox's hosted page (its
 * form posted as the browser would), then waited for until identity takes a second outlet.
 */
export async function upgradeToPro(salon: Salon): Promise<void> {
  // Billing creates the FREE subscription from identity's registration event: wait for it first.
  await waitFor(async () => {
    const current = await salon.api('GET', '/subscriptions/current', undefined, salon.staffToken);
    return current.status === 200;
  }, PLAN_WAIT);
  const upgrade = await expectOk(
    salon.api('POST', '/subscriptions/upgrade', { target_plan: 'pro' }, salon.staffToken),
  );
  const hosted: string | undefined =
    upgrade.invoice?.gateway_payment_url ?? upgrade.invoice?.gateway_invoice_url;
  if (!hosted) throw new Error(`the upgrade has no payment page: ${JSON.stringify(upgrade)}`);
  const page = new URL(hosted);
  const html = await (await fetch(page)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no payment form on ${hosted}`);
  const paid = await fetch(new URL(action, page), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'payment_method=QRIS',
    redirect: 'manual',
  });
  if (paid.status >= 400) throw new Error(`the hosted page refused the payment: ${paid.status}`);
  await waitFor(async () => {
    const current = await salon.api('GET', '/subscriptions/current', undefined, salon.staffToken);
    return current.status === 200 && current.body.plan_type === 'PRO';
  }, PLAN_WAIT);
}

export async function codeSentTo(salon: Salon, email: string, subject: RegExp): Promise<string> {
  const listing = salon.fixture.platform.sandboxLinks.smtp;
  if (!listing) throw new Error('the platform runs no SMTP sandbox');
  return waitFor(async () => {
    const response = await fetch(listing);
    const { messages } = (await response.json()) as {
      messages: Array<{ to: string; subject: string; text: string }>;
    };
    const codes = messages
      .filter((message) => message.to.toLowerCase().includes(email.toLowerCase()))
      .filter((message) => subject.test(message.subject))
      .map((message) => /\b(\d{6})\b/.exec(message.text)?.[1])
      .filter((found): found is string => found !== undefined);
    return codes.at(-1) ?? false;
  }, WAIT);
}
