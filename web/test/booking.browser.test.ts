import type { Browser, Page } from 'playwright-core';
import {
  describeInBrowser,
  expectAccessible,
  expectOk,
  openPhone,
  PASSWORD,
  screenshot as saveScreenshot,
  SETUP_MS,
  startSalon,
  STEP_MS,
  type Salon,
} from './browser-harness';

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
describeInBrowser('the booking page, on a phone', () => {
  let salon: Salon;
  let browser: Browser;
  let page: Page;
  let base: string;
  let slug: string;
  let staffToken: string;
  let cspViolations: string[] = [];
  const api = (...args: Parameters<Salon['api']>) => salon.api(...args);
  const screenshot = (name: string) => saveScreenshot(page, name);

  beforeAll(async () => {
    salon = await startSalon('Lumen Browser Salon', 'lumen-browser.example');
    ({ base, slug, staffToken } = salon);
    ({ browser, page, cspViolations } = await openPhone());
  }, SETUP_MS);

  afterAll(async () => {
    await browser?.close();
    await salon?.fixture.stop();
  }, 60_000);

  it(
    'starts at the home page, which leads to the console and to a business’s booking page',
    async () => {
      await page.goto(`${base}/`);
      await page.getByRole('heading', { level: 1, name: 'Salon platform' }).waitFor();
      await expectAccessible(page);
      await screenshot('home');
      await page.getByRole('link', { name: 'Open the console' }).click();
      await page.getByRole('heading', { level: 1, name: 'Salon console' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/console');
      await page.goBack();
      // The demo salon's address is offered first; any business's address opens its page.
      const address = page.getByLabel('The business’s address');
      expect(await address.inputValue()).toBe('demo-salon');
      await address.fill(slug);
      await page.getByRole('button', { name: 'Open the booking page' }).click();
      await page.getByRole('heading', { level: 1, name: 'Lumen Browser Salon' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/book/${slug}`);
    },
    STEP_MS,
  );

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
      await expectAccessible(page);
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
      await expectAccessible(page);
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
      await expectAccessible(page);
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
      await expectAccessible(page);
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
