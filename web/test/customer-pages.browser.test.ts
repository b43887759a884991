import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@salon/testing';
import {
  codeSentTo,
  describeInBrowser,
  expectAccessible,
  expectOk,
  openPhone,
  PASSWORD,
  screenshot as saveScreenshot,
  SETUP_MS,
  startSalon,
  STEP_MS,
  WAIT,
  type Salon,
} from './browser-harness';
import { payOnHostedPage } from './page-steps';

/**
 * The customer's own pages after booking, in a real browser on a phone (the harness of the booking page's
 * test): a customer books and pays, finds the booking in "my bookings", moves it to another free time and
 * cancels it; buys a package on the provider's hosted page and comes back to its credits; sees both payments
 * in the history with their invoice PDFs; verifies the e-mail address and resets the password with the codes
 * the e-mail sandbox received. Every screen passes axe-core (no serious or critical violation), breaks no
 * rule of the Content-Security-Policy, and is saved as a screenshot.
 */
const EMAIL = 'dewi@customer.example';
const NEW_PASSWORD = 'An0ther-secret!';

describeInBrowser('the customer’s pages after booking, on a phone', () => {
  let salon: Salon;
  let browser: Browser;
  let page: Page;
  let cspViolations: string[] = [];
  let appointmentId: string;
  const screenshot = (name: string) => saveScreenshot(page, name);
  const booking = () => page.getByRole('article', { name: 'Haircut' });

  beforeAll(async () => {
    salon = await startSalon('Kirana Browser Salon', 'kirana-browser.example');
    // A package of five haircuts; commerce learns the service from an event, so retry until it accepts it.
    await waitFor(async () => {
      const created = await salon.api(
        'POST',
        '/packages',
        {
          name: 'Five cuts',
          description: 'Five haircuts, valid three months',
          package_items: [{ service_id: salon.serviceId, quantity: 5 }],
          package_price: '600000',
          validity_days: 90,
          outlet_ids: [salon.outletId],
        },
        salon.staffToken,
      );
      return created.status === 201;
    }, WAIT);
    ({ browser, page, cspViolations } = await openPhone());
  }, SETUP_MS);

  afterAll(async () => {
    await browser?.close();
    await salon?.fixture.stop();
  }, 60_000);

  it(
    'books and pays three days ahead (outside the 24-hour cancellation window), back to a confirmed booking',
    async () => {
      await page.goto(`${salon.base}/book/${salon.slug}`);
      await page.getByLabel('Bahasa').selectOption('en');
      await page.getByRole('radio', { name: /Haircut/ }).check();
      await page.getByRole('radio', { name: /Sari/ }).check();
      await page.getByRole('group', { name: 'Day' }).getByRole('radio', { disabled: false }).nth(3).check();
      await page.getByRole('group', { name: /^Time/ }).getByRole('radio', { name: '09:00' }).check();
      await page.getByLabel('First name').fill('Dewi');
      await page.getByLabel('Last name').fill('Anggraini');
      await page.getByLabel('E-mail').fill(EMAIL);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByLabel('Password').press('Enter');
      await page.getByText('Signed in as Dewi.').waitFor({ timeout: 120_000 });
      await page.getByRole('button', { name: 'Book and pay' }).click();
      await payOnHostedPage(page, /\/appointments\/[0-9a-f]{24}$/);
      await page.getByText('Your booking is confirmed.').waitFor({ timeout: 30_000 });
      appointmentId = page.url().split('/').pop()!;
    },
    STEP_MS,
  );

  it(
    'finds it in “my bookings”: upcoming, in the outlet’s time and the tenant’s currency',
    async () => {
      await page.getByRole('link', { name: 'My bookings' }).click();
      await page.waitForURL(/\/my\/bookings$/);
      const upcoming = page.getByRole('region', { name: 'Upcoming' });
      await upcoming.getByRole('article', { name: 'Haircut' }).waitFor();
      const card = booking();
      await expect(card.getByText(/09:00 \S+/).isVisible()).resolves.toBe(true);
      await expect(card.getByText(/Rp\s?150,000/).isVisible()).resolves.toBe(true);
      await expect(card.getByText('Confirmed', { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByText('No past bookings yet.').isVisible()).resolves.toBe(true);
      await expectAccessible(page);
      await screenshot('customer-1-my-bookings');
    },
    STEP_MS,
  );

  it(
    'moves it to another free time from the grid',
    async () => {
      await booking().getByRole('button', { name: 'Reschedule' }).click();
      const panel = booking().getByRole('form', { name: /New time for Haircut/ });
      await panel.getByRole('group', { name: 'Day' }).getByRole('radio', { disabled: false }).nth(4).check();
      await panel.getByRole('group', { name: /^Time/ }).getByRole('radio', { name: '10:00' }).check();
      await expectAccessible(page);
      await screenshot('customer-2-reschedule');
      await panel.getByRole('button', { name: 'Move to this time' }).click();
      await booking().getByText('The booking is moved.').waitFor();
      await booking()
        .getByText(/10:00 \S+/)
        .waitFor();
      const moved = await expectOk(
        salon.api('GET', `/appointments/${appointmentId}`, undefined, salon.staffToken),
      );
      expect(moved).toMatchObject({ start_time: expect.stringMatching(/^10:00/) });
    },
    STEP_MS,
  );

  it(
    'cancels it after a second answer, and sees it cancelled',
    async () => {
      await booking().getByRole('button', { name: 'Cancel booking' }).click();
      const confirm = booking().getByRole('group', { name: 'Cancel this booking?' });
      await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
      await booking().getByText('The booking is cancelled.').waitFor();
      await booking().getByText('Cancelled', { exact: true }).waitFor();
      // A cancelled booking offers nothing more.
      expect(await booking().getByRole('button').count()).toBe(0);
      await expectAccessible(page);
      await screenshot('customer-3-cancelled');
      const cancelled = await expectOk(
        salon.api('GET', `/appointments/${appointmentId}`, undefined, salon.staffToken),
      );
      expect(cancelled.status).toBe('cancelled');
    },
    STEP_MS,
  );

  it(
    'buys a package on the hosted page, comes back and sees its credits',
    async () => {
      await page.getByRole('link', { name: 'My packages' }).click();
      await page.waitForURL(/\/my\/packages$/);
      await page.getByText('You have no packages yet.').waitFor();
      const shop = page.getByRole('region', { name: 'Packages on sale' });
      await shop.getByText(/Rp\s?600,000/).waitFor();
      await expectAccessible(page);
      await screenshot('customer-4-packages-on-sale');
      await shop.getByRole('button', { name: 'Buy Five cuts' }).click();
      await page.waitForURL(/\/web\/invoices\//, { timeout: 30_000 });
      // Packages carry no platform fee.
      await expect(page.locator('[data-amount]').getAttribute('data-amount')).resolves.toBe('600000');
      await payOnHostedPage(page, /\/my\/packages$/);
      const owned = page
        .getByRole('region', { name: 'My packages' })
        .getByRole('article', { name: 'Five cuts' });
      await owned.getByText('5 of 5 credits left', { exact: true }).waitFor({ timeout: 30_000 });
      await owned.getByText('Active', { exact: true }).waitFor({ timeout: 30_000 });
      await expectAccessible(page);
      await screenshot('customer-5-my-packages');
    },
    STEP_MS,
  );

  it(
    'sees both payments in the history, with the invoice PDF',
    async () => {
      await page.getByRole('link', { name: 'Payments' }).click();
      await page.waitForURL(/\/my\/payments$/);
      const pkg = page.getByRole('article', { name: /^Package · Rp\s?600,000/ });
      await pkg.waitFor();
      await expect(pkg.getByText('Paid', { exact: true }).isVisible()).resolves.toBe(true);
      const invoice = pkg.getByRole('link', { name: /^Invoice .+ \(PDF\)$/ });
      expect(await invoice.getAttribute('href')).toMatch(
        /\/api\/v1\/public\/invoices\/[0-9a-f]{24}\/pdf\?token=/,
      );
      await page.getByRole('article', { name: /^Booking · / }).waitFor();
      await expectAccessible(page);
      await screenshot('customer-6-payments');
    },
    STEP_MS,
  );

  it(
    'verifies the e-mail address with the code the e-mail sandbox received',
    async () => {
      await page.goto(`${salon.base}/book/${salon.slug}/my/bookings`);
      await page.getByRole('link', { name: 'Verify it now' }).click();
      await page.waitForURL(/\/account\/verify-email$/);
      await expectAccessible(page);
      await screenshot('customer-7-verify-email');
      await page
        .getByLabel('Code (6 digits)')
        .fill(await codeSentTo(salon, EMAIL, /verification code|kode verifikasi/));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Your e-mail address is verified.').waitFor();
    },
    STEP_MS,
  );

  it(
    'signs out, resets the password with a code and signs in with the new one',
    async () => {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.goto(`${salon.base}/book/${salon.slug}/my/bookings`);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.waitForURL(/\/account\/forgot-password$/);
      await page.getByLabel('E-mail').fill(EMAIL);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page
        .getByLabel('Code (6 digits)')
        .fill(await codeSentTo(salon, EMAIL, /password reset code|reset kata sandi/));
      await page.getByLabel('New password').fill(NEW_PASSWORD);
      await expectAccessible(page);
      await screenshot('customer-8-reset-password');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page
        .getByText('Your password is changed. You can sign in with it now.')
        .waitFor({ timeout: 120_000 });

      await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
      await page.getByLabel('E-mail').fill(EMAIL);
      await page.getByLabel('Password').fill(NEW_PASSWORD);
      await page.getByLabel('Password').press('Enter');
      await page.getByRole('region', { name: 'Upcoming' }).waitFor({ timeout: 120_000 });
      await booking().getByText('Cancelled', { exact: true }).waitFor();
    },
    STEP_MS,
  );

  it(
    'is told the server’s reason when a booking is inside the cancellation window (409)',
    async () => {
      // A free time less than 24 hours away (the default policy), between 2 and 23 hours from now: the
      // salon's day of 09:00–17:00 always meets that span, today or tomorrow.
      expect(salon.timezone).toBe('Asia/Jakarta');
      const instantOf = (date: string, time: string) => Date.parse(`${date}T${time.slice(0, 5)}:00+07:00`);
      const grid = (
        await expectOk(
          salon.api(
            'GET',
            `/public/tenants/${salon.slug}/availability?outlet_id=${salon.outletId}` +
              `&service_id=${salon.serviceId}&start_date=${salon.day(0)}&num_days=2`,
          ),
        )
      ).availability_grid as Record<string, Array<{ start_time: string; is_available: boolean }>>;
      const soon = Object.entries(grid)
        .flatMap(([date, slots]) => slots.filter((slot) => slot.is_available).map((slot) => ({ date, slot })))
        .find(({ date, slot }) => {
          const at = instantOf(date, slot.start_time) - Date.now();
          return at > 2 * 3_600_000 && at < 23 * 3_600_000;
        });
      expect(soon).toBeDefined();
      const { access_token: token } = await expectOk(
        salon.api('POST', '/customer/auth/login', {
          email: EMAIL,
          password: NEW_PASSWORD,
          tenant_slug: salon.slug,
        }),
      );
      await expectOk(
        salon.api(
          'POST',
          '/appointments',
          {
            outlet_id: salon.outletId,
            appointment_date: soon!.date,
            start_time: soon!.slot.start_time.slice(0, 5),
            services: [{ service_id: salon.serviceId, staff_id: salon.staffId }],
          },
          token,
        ),
        201,
      );

      await page.reload();
      const late = page
        .getByRole('article', { name: 'Haircut' })
        .filter({ hasNot: page.getByText('Cancelled', { exact: true }) });
      await late.getByRole('button', { name: 'Cancel booking' }).click();
      await late.getByRole('button', { name: 'Yes, cancel it' }).click();
      await late
        .getByRole('alert')
        .getByText(/can no longer be cancelled online/)
        .waitFor();
      await expect(late.getByText('Waiting for payment', { exact: true }).isVisible()).resolves.toBe(true);
      await expectAccessible(page);
      await screenshot('customer-9-cancellation-refused');
    },
    STEP_MS,
  );

  it(
    'reads the same page in Indonesian',
    async () => {
      await page.getByLabel('Language').selectOption('id');
      await page
        .getByRole('navigation', { name: 'Akun Anda' })
        .getByRole('link', { name: 'Pesanan saya' })
        .waitFor();
      await page.getByRole('region', { name: 'Akan datang' }).waitFor();
      await page.getByText('Dibatalkan', { exact: true }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('id');
      await expectAccessible(page);
      await screenshot('customer-10-my-bookings-id');
    },
    STEP_MS,
  );

  it('broke no rule of the Content-Security-Policy on the way', () => {
    expect(cspViolations).toEqual([]);
  });
});
