import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { waitFor } from '@salon/testing';
import {
  startPlatformOnTestInfrastructure,
  type PlatformFixture,
} from '../../embedded/test/platform-fixture';

/**
 * The booking page in a real browser (Debian's Chromium driven by playwright-core), on a phone-sized screen,
 * against the whole platform started in this process the way `npm start` starts it (gateway serving the
 * built web front end, six services, the sandbox payment provider) on real PostgreSQL and RabbitMQ.
 *
 * A customer with no account picks a service, a staff member, a day and a time, registers, books, pays on
 * the sandbox provider's hosted page and comes back to a confirmed booking. Every screen passes axe-core
 * with no serious or critical violation, breaks no rule of the page's Content-Security-Policy, and is
 * saved as a screenshot under artifacts/screenshots/.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = join(__dirname, '..', '..');
const SCREENSHOTS = join(ROOT, 'artifacts', 'screenshots');
const PASSWORD = 'Sup3r-secret!';

const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser && process.env.CI)
  throw new Error(`No Chromium at ${CHROMIUM}: CI must run the browser tests (.ci/run installs it).`);
if (!hasBrowser)
  process.stderr.write(
    `Skipping the browser tests: no Chromium at ${CHROMIUM} (apt-get install chromium).\n`,
  );
const describeInBrowser = hasBrowser ? describe : describe.skip;

const WAIT = { timeoutMs: 30_000, intervalMs: 200 };
/** Each step of the journey, on a shared machine that may be slow. */
const STEP_MS = 240_000;

describeInBrowser('the booking page, on a phone', () => {
  let fixture: PlatformFixture;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let slug: string;
  let staffToken: string;
  const cspViolations: string[] = [];

  const api = async (method: string, path: string, body?: unknown, token?: string) => {
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
  const expectOk = async (answer: Promise<{ status: number; body: any }>, status = 200) => {
    const { status: got, body } = await answer;
    if (got !== status) throw new Error(`expected ${status}, got ${got}: ${JSON.stringify(body)}`);
    return body;
  };

  const screenshot = (name: string) =>
    page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  /** axe-core on the page as it is now: no serious or critical violation. */
  const expectAccessible = async () => {
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
  };

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'web', 'dist', 'index.html')))
      throw new Error('web/dist is not built: run `npm run build` first');
    mkdirSync(SCREENSHOTS, { recursive: true });
    fixture = await startPlatformOnTestInfrastructure({
      RATE_LIMIT_PUBLIC: '1000/10000',
      RATE_LIMIT_CUSTOMER: '1000/10000',
      RATE_LIMIT_STAFF: '1000/10000',
      // A shared CI machine can be slow to hash a password: the journey is not a latency test.
      UPSTREAM_TIMEOUT_MS: '60000',
    });
    base = fixture.platform.url;

    // The salon sets up through the API with its staff token: a service, a stylist and two weeks of hours.
    const adminEmail = 'owner@lumen-browser.example';
    const registered = await expectOk(
      api('POST', '/public/register', {
        business_name: 'Lumen Browser Salon',
        business_email: 'hello@lumen-browser.example',
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
    slug = registered.slug;
    staffToken = (await expectOk(api('POST', '/auth/login', { email: adminEmail, password: PASSWORD })))
      .access_token;
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
          email: 'sari@lumen-browser.example',
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
    // The public read models follow from events: wait until the staff member is bookable.
    await waitFor(async () => {
      const listed = await api(
        'GET',
        `/public/tenants/${slug}/staff?outlet_id=${outletId}&service_id=${serviceId}`,
      );
      return listed.status === 200 && listed.body.items.length === 1;
    }, WAIT);

    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-GB',
    });
    page = await context.newPage();
    page.setDefaultTimeout(60_000);
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
    });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await fixture?.stop();
  }, 60_000);

  it(
    'shows the business in its language (Indonesian), switchable to English, with services by category',
    async () => {
      await page.goto(`${base}/book/${slug}`);
      const business = page.getByRole('heading', { level: 1, name: 'Lumen Browser Salon' });
      // isVisible does not wait: on a loaded machine the page may still be fetching the business.
      await business.waitFor();
      await expect(business.isVisible()).resolves.toBe(true);
      await page.getByRole('heading', { name: 'Pilih layanan' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('id');
      await expectAccessible();
      await screenshot('booking-1-business-id');

      await page.getByLabel('Bahasa').selectOption('en');
      await page.getByRole('heading', { name: 'Choose a service' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      const haircut = page.getByRole('radio', { name: /Haircut/ });
      // The price in the tenant's currency and the duration, in the chosen language.
      expect(await page.getByText(/45 min · Rp\s?150,000/).count()).toBe(1);
      // By keyboard: the service is a radio button, focused and chosen with the space bar.
      await haircut.focus();
      await page.keyboard.press('Space');
      expect(await haircut.isChecked()).toBe(true);
    },
    STEP_MS,
  );

  it(
    'chooses a staff member, a day and a time in the outlet’s time zone',
    async () => {
      await page.getByRole('radio', { name: /Anyone available/ }).waitFor();
      await page.getByRole('radio', { name: /Sari/ }).check();
      await page.getByRole('group', { name: 'Day' }).waitFor();
      await expect(page.getByText(/Times are in \S+ \(Asia\/Jakarta\)/).isVisible()).resolves.toBe(true);
      // Tomorrow: today's remaining times depend on the hour the test runs.
      await page.getByRole('group', { name: 'Day' }).getByRole('radio', { disabled: false }).nth(1).check();
      const times = page.getByRole('group', { name: /^Time/ }).getByRole('radio');
      await times.first().waitFor();
      expect(await times.first().getAttribute('value')).toBe('09:00');
      await times.first().check();
      await expectAccessible();
      await screenshot('booking-2-time');
    },
    STEP_MS,
  );

  it(
    'registers (the first moment a token is needed), then reviews the booking',
    async () => {
      await page.getByLabel('First name').fill('Nadia');
      await page.getByLabel('Last name').fill('Putri');
      await page.getByLabel('E-mail').fill('nadia@customer.example');
      await page.getByLabel('Password').fill(PASSWORD);
      // Enter in the last field sends the form, as a keyboard user would.
      await page.getByLabel('Password').press('Enter');
      // Registration and sign-in each hash a password: slow on a busy machine.
      await page.getByText('Signed in as Nadia.').waitFor({ timeout: 120_000 });
      const review = page.getByRole('region', { name: /Review and pay/ });
      await expect(review.getByText('Sari', { exact: false }).isVisible()).resolves.toBe(true);
      await expect(review.getByText(/09:00 \S+/).isVisible()).resolves.toBe(true);
      await expectAccessible();
      await screenshot('booking-3-review');
    },
    STEP_MS,
  );

  it(
    'books, pays on the provider’s hosted page and comes back to a confirmed booking',
    async () => {
      await page.getByRole('button', { name: 'Book and pay' }).click();
      await page.waitForURL(/\/web\/invoices\//, { timeout: 30_000 });
      // The sandbox's hosted page: the platform's price plus the FREE plan's 8 % fee.
      await expect(page.locator('[data-amount]').getAttribute('data-amount')).resolves.toBe('162000');
      await screenshot('booking-4-hosted-payment-page');
      await page.getByRole('button', { name: 'Pay' }).click();

      await page.waitForURL(new RegExp(`/book/${slug}/appointments/[0-9a-f]{24}$`), { timeout: 30_000 });
      await page.getByText('Your booking is confirmed.').waitFor({ timeout: 30_000 });
      await expect(page.getByText(/Rp\s?150,000/).isVisible()).resolves.toBe(true);
      await expectAccessible();
      await screenshot('booking-5-confirmed');

      // The platform agrees: the appointment is confirmed and paid.
      const appointmentId = page.url().split('/').pop()!;
      const appointment = await expectOk(api('GET', `/appointments/${appointmentId}`, undefined, staffToken));
      expect(appointment).toMatchObject({ status: 'confirmed', start_time: expect.stringMatching(/^09:00/) });
    },
    STEP_MS,
  );

  it('broke no rule of the Content-Security-Policy on the way', () => {
    expect(cspViolations).toEqual([]);
  });
});
