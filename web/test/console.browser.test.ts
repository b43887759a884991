import type { Browser, Page, Request } from 'playwright-core';
import { waitFor } from '@salon/testing';
import {
  describeInBrowser,
  expectAccessible,
  expectOk,
  openDesktop,
  PLAN_WAIT,
  PASSWORD,
  screenshot as saveScreenshot,
  SETUP_MS,
  startSalon,
  STEP_MS,
  upgradeToPro,
  WAIT,
  type Salon,
} from './browser-harness';
import { signInToConsole } from './page-steps';

/**
 * The salon's console in a real browser on a desk-sized screen, against the whole platform started the way
 * `npm start` starts it (the harness of the booking page's tests). The owner signs in and opens tomorrow's
 * calendar; a customer books through the API and the booking appears in the open calendar without a reload,
 * carried by the live stream while the calendar does not poll;
 * the owner drags another appointment to a later time, confirms and completes a third, sells a package at the
 * counter and redeems one of its credits, then looks at Sari's week (a booking made meanwhile appears in it, and
 * is dragged to another day). An OUTLET_MANAGER of one outlet sees only that outlet (the salon on
 * PRO, with a second one), a STAFF member linked to Sari sees only Sari's column, and a user of two businesses
 * chooses one after the password (a RECEPTIONIST there, offered no sale). Every screen passes
 * axe-core, breaks no rule of the Content-Security-Policy and is saved under artifacts/screenshots/.
 */
const CUSTOMER_EMAIL = 'dewi@console-customer.example';

/** A calendar date (YYYY-MM-DD) moved by whole days, and the weekday of one (0 = Monday). */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

describeInBrowser('the console, on a desk screen', () => {
  let salon: Salon;
  let browser: Browser;
  let page: Page;
  let cspViolations: string[] = [];
  let customerId: string;
  let customerToken: string;
  let rudiId: string;
  /** Booked by the owner for tomorrow: one to drag (10:00), one to complete (11:00), one not come (16:00). */
  let toMove: string;
  let toComplete: string;
  let toNoShow: string;
  /** The customer's own booking, made while the console is open (15:00). */
  let customerBooking: string;
  let tomorrow: string;
  const screenshot = (name: string) => saveScreenshot(page, name);
  const column = (name: string) => page.getByRole('region', { name, exact: true });
  const appointmentButton = (id: string) => page.locator(`[data-appointment="${id}"]`);

  const signIn = async (email: string) => {
    await signInToConsole(page, salon.base, email);
    await page.getByLabel('Outlet').waitFor({ timeout: 120_000 });
  };

  const book = async (startTime: string, staffId = salon.staffId, date = tomorrow): Promise<string> =>
    (
      await expectOk(
        salon.api(
          'POST',
          '/staff/appointments',
          {
            outlet_id: salon.outletId,
            customer_id: customerId,
            appointment_date: date,
            start_time: startTime,
            services: [{ service_id: salon.serviceId, staff_id: staffId }],
          },
          salon.staffToken,
        ),
        201,
      )
    ).id;

  beforeAll(async () => {
    salon = await startSalon('Kirana Console Salon', 'kirana-console.example');
    tomorrow = salon.day(1);
    const rudi = await expectOk(
      salon.api(
        'POST',
        '/staff',
        {
          outlet_id: salon.outletId,
          first_name: 'Rudi',
          last_name: 'Hartono',
          email: 'rudi@kirana-console.example',
          position: 'Stylist',
          employment_type: 'full_time',
          skills: { service_ids: [salon.serviceId] },
        },
        salon.staffToken,
      ),
      201,
    );
    rudiId = rudi.id;
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
    customerId = (
      await expectOk(
        salon.api('POST', '/customer/auth/register', {
          email: CUSTOMER_EMAIL,
          password: PASSWORD,
          first_name: 'Dewi',
          last_name: 'Anggraini',
          tenant_slug: salon.slug,
        }),
        201,
      )
    ).customer_id;
    customerToken = (
      await expectOk(
        salon.api('POST', '/customer/auth/login', {
          email: CUSTOMER_EMAIL,
          password: PASSWORD,
          tenant_slug: salon.slug,
        }),
      )
    ).access_token;
    // Scheduling learns the customer from identity's event: retry the first booking until it knows them.
    toMove = await waitFor(async () => {
      try {
        return await book('10:00');
      } catch {
        return false;
      }
    }, WAIT);
    toComplete = await book('11:00');
    toNoShow = await book('16:00');
    ({ browser, page, cspViolations } = await openDesktop());
  }, SETUP_MS);

  afterAll(async () => {
    await browser?.close();
    await salon?.fixture.stop();
  }, 60_000);

  it(
    'the owner signs in and opens tomorrow’s calendar: a column per staff member, appointments by time',
    async () => {
      await page.goto(`${salon.base}/console`);
      await page.getByLabel(/^(Language|Bahasa)/).selectOption('en');
      await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
      await expectAccessible(page);
      await screenshot('console-sign-in');
      await signIn(`owner@kirana-console.example`);
      await expect(page.getByText('Kirana Console Salon · Ayu Lestari, Owner').isVisible()).resolves.toBe(
        true,
      );
      await page.getByRole('button', { name: 'Next day' }).click();
      await column('Sari').waitFor();
      await column('Rudi').waitFor();
      await appointmentButton(toMove).waitFor();
      await expect(appointmentButton(toMove).textContent()).resolves.toMatch(
        /^10:00–10:45, Haircut, Dewi Anggraini, /,
      );
      await expect(column('Sari').locator(`[data-appointment="${toComplete}"]`).count()).resolves.toBe(1);
      await expectAccessible(page);
    },
    STEP_MS,
  );

  it(
    'a customer’s booking appears in the open calendar without a reload, from the live stream with polling off',
    async () => {
      await page.evaluate(() => Object.assign(globalThis, { consoleNotReloaded: true }));
      // The stream is up: the calendar says so, and reads the day again only when the stream tells it to.
      await page.getByText('Live: changes appear here as they are made.', { exact: false }).waitFor();
      const reads: string[] = [];
      const countReads = (request: Request) => {
        if (new URL(request.url()).pathname === '/api/v1/appointments') reads.push(request.url());
      };
      page.on('request', countReads);
      // Longer than the console's polling period (POLL_MS in web/src/console/appointment-reads.ts, 5 s): no read.
      await page.waitForTimeout(6_000);
      expect(reads).toEqual([]);

      const asked = Date.now();
      const booked = await expectOk(
        salon.api(
          'POST',
          '/appointments',
          {
            outlet_id: salon.outletId,
            appointment_date: tomorrow,
            start_time: '15:00',
            services: [{ service_id: salon.serviceId, staff_id: salon.staffId }],
          },
          customerToken,
        ),
        201,
      );
      customerBooking = booked.id;
      const committed = Date.now();
      await column('Sari').locator(`[data-appointment="${booked.id}"]`).waitFor({ timeout: 30_000 });
      const shown = Date.now();
      page.off('request', countReads);
      process.stdout.write(
        `live update: the booking was in the calendar ${shown - committed} ms after the API answered ` +
          `(${shown - asked} ms after it was asked), after ${reads.length} read(s) the stream caused\n`,
      );
      // Only the stream could have caused the read that showed it.
      expect(reads.length).toBeGreaterThanOrEqual(1);
      await expect(page.evaluate(() => 'consoleNotReloaded' in globalThis)).resolves.toBe(true);
      await expect(page.locator(`[data-appointment="${booked.id}"]`).textContent()).resolves.toMatch(
        /^15:00–15:45, Haircut, Dewi Anggraini, Waiting for payment$/,
      );
      await screenshot('console-calendar');
    },
    STEP_MS,
  );

  it(
    'the owner drags an appointment to a later time in its column, and the API has moved it',
    async () => {
      const target = page.locator(`[data-staff="${salon.staffId}"][data-time="12:30"]`);
      await appointmentButton(toMove).dragTo(target);
      await page.getByText('The appointment is moved.').waitFor();
      const moved = await expectOk(salon.api('GET', `/appointments/${toMove}`, undefined, salon.staffToken));
      expect(moved.appointment_date).toBe(tomorrow);
      expect(moved.start_time).toBe('12:30:00');
      expect(moved.staff_id).toBe(salon.staffId);
      await waitFor(
        async () => /^12:30–13:15, /.test((await appointmentButton(toMove).textContent()) ?? ''),
        WAIT,
      );
    },
    STEP_MS,
  );

  it(
    'the owner opens another appointment, confirms it if it waits, and marks it completed',
    async () => {
      await appointmentButton(toComplete).click();
      const panel = page.getByRole('region', { name: 'Appointment: Haircut' });
      await panel.waitFor();
      await expect(panel.getByText(/Rp\s?150,000/).isVisible()).resolves.toBe(true);
      await expectAccessible(page);
      await screenshot('console-appointment');
      if (await panel.getByRole('button', { name: 'Confirm' }).isVisible()) {
        await panel.getByRole('button', { name: 'Confirm' }).click();
        await page.getByText('Status changed: Confirmed.').waitFor();
      }
      await panel.getByRole('button', { name: 'Mark completed' }).click();
      await page.getByText('Status changed: Completed.').waitFor();
      const completed = await expectOk(
        salon.api('GET', `/appointments/${toComplete}`, undefined, salon.staffToken),
      );
      expect(completed.status).toBe('completed');
      // The panel follows the calendar's next read of the day.
      await panel.getByRole('button', { name: 'Mark completed' }).waitFor({ state: 'detached' });
    },
    STEP_MS,
  );

  it(
    'the owner marks a confirmed appointment as a no-show',
    async () => {
      await appointmentButton(toNoShow).click();
      const panel = page.getByRole('region', { name: 'Appointment: Haircut' });
      if (await panel.getByRole('button', { name: 'Confirm' }).isVisible()) {
        await panel.getByRole('button', { name: 'Confirm' }).click();
        await page.getByText('Status changed: Confirmed.').waitFor();
      }
      await panel.getByRole('button', { name: 'Mark no-show' }).click();
      await page.getByText('Status changed: No-show.').waitFor();
      const missed = await expectOk(
        salon.api('GET', `/appointments/${toNoShow}`, undefined, salon.staffToken),
      );
      expect(missed.status).toBe('no_show');
      await panel.getByRole('button', { name: 'Close' }).click();
    },
    STEP_MS,
  );

  it(
    'the owner books a walk-in at the counter (a new customer by name and phone), then a customer on file',
    async () => {
      await page.getByRole('button', { name: 'New booking' }).click();
      const panel = page.getByRole('region', { name: 'Book at the counter' });
      await panel.getByLabel('A walk-in customer').check();
      await panel.getByLabel('First name').fill('Wati');
      await panel.getByLabel('Phone (optional)').fill('+6281298765432');
      // Rudi has no working hours: the API's refusal is shown, and what was typed stays.
      await panel.getByLabel('Staff member').selectOption({ label: 'Rudi' });
      await panel.getByLabel('Start time').fill('09:00');
      await expectAccessible(page);
      await screenshot('console-counter-booking');
      await panel.getByRole('button', { name: 'Book', exact: true }).click();
      // Scheduling learns the new customer from identity's event: the form tries again meanwhile.
      await panel
        .getByText('Staff member Rudi is not available at the requested time')
        .waitFor({ timeout: 60_000 });
      await expect(panel.getByLabel('First name').inputValue()).resolves.toBe('Wati');
      await panel.getByLabel('Staff member').selectOption({ label: 'Sari' });
      await panel.getByRole('button', { name: 'Book', exact: true }).click();
      await page.getByText('Booked at 09:00.').waitFor({ timeout: 60_000 });
      const walkIn = column('Sari').locator('.appointment').filter({ hasText: 'Wati' });
      await walkIn.waitFor();
      await expect(walkIn.textContent()).resolves.toMatch(/^09:00–09:45, Haircut, Wati/);
      const sarisDay = await expectOk(
        salon.api(
          'GET',
          `/appointments?outlet_id=${salon.outletId}&start_date=${tomorrow}&end_date=${tomorrow}&staff_id=${salon.staffId}`,
          undefined,
          salon.staffToken,
        ),
      );
      const booked = sarisDay.items.find((item: { start_time: string }) => item.start_time === '09:00:00');
      const walkInCustomer = await expectOk(
        salon.api('GET', `/customers/${booked.customer_id}`, undefined, salon.staffToken),
      );
      expect(walkInCustomer).toMatchObject({ first_name: 'Wati', phone: '+6281298765432' });

      await page.getByRole('button', { name: 'New booking' }).click();
      await panel.getByLabel('Find a customer (name, e-mail or phone)').fill('Dewi');
      await panel.getByRole('button', { name: 'Search' }).click();
      await expect(
        panel.getByLabel('Customer', { exact: true }).locator('option:checked').textContent(),
      ).resolves.toMatch(/^Dewi Anggraini/);
      await panel.getByLabel('Staff member').selectOption({ label: 'Sari' });
      await panel.getByLabel('Start time').fill('10:00');
      await panel.getByRole('button', { name: 'Book', exact: true }).click();
      await page.getByText('Booked at 10:00.').waitFor();
      await column('Sari')
        .locator('.appointment')
        .filter({ hasText: /^10:00–10:45, Haircut, Dewi Anggraini/ })
        .waitFor();
    },
    STEP_MS,
  );

  it(
    'the owner moves an appointment with the keyboard form and cancels the customer’s booking after a second answer',
    async () => {
      await appointmentButton(toMove).focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('region', { name: 'Appointment: Haircut' });
      await panel.getByRole('button', { name: 'Move' }).click();
      const form = panel.getByRole('form', { name: 'Move to another time' });
      await form.getByLabel('New time').fill('14:00');
      await form.getByLabel('New time').press('Enter');
      await page.getByText('The appointment is moved.').waitFor();
      const moved = await expectOk(salon.api('GET', `/appointments/${toMove}`, undefined, salon.staffToken));
      expect(moved.start_time).toBe('14:00:00');
      await panel.getByRole('button', { name: 'Close' }).click();

      await appointmentButton(customerBooking).click();
      await panel.getByRole('button', { name: 'Cancel appointment' }).click();
      await expectAccessible(page);
      await panel.getByRole('button', { name: 'Yes, cancel it' }).click();
      await page.getByText('1 cancelled, not shown.').waitFor();
      await expect(appointmentButton(customerBooking).count()).resolves.toBe(0);
      const cancelled = await expectOk(
        salon.api('GET', `/appointments/${customerBooking}`, undefined, salon.staffToken),
      );
      expect(cancelled.status).toBe('cancelled');
    },
    STEP_MS,
  );

  it(
    'the owner finds the customer, sells a package at the desk and redeems one credit',
    async () => {
      await page.getByLabel('Find a customer (name, e-mail or phone)').fill('Dewi');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: 'Open Dewi Anggraini' }).click();
      const card = page.getByRole('article', { name: 'Dewi Anggraini' });
      await card.getByText('No credits to redeem.').waitFor();
      await expect(
        card.getByLabel('Package', { exact: true }).locator('option:checked').textContent(),
      ).resolves.toMatch(/^Five cuts — Rp\s?600,000$/);
      await expect(card.getByLabel(/Amount paid/).inputValue()).resolves.toBe('600000');
      await card.getByRole('button', { name: 'Sell' }).click();
      await card.getByText('Five cuts is sold.').waitFor();
      await card.getByText('Haircut: 5 of 5 credits left').waitFor();
      await card.getByRole('button', { name: 'Redeem one Haircut' }).click();
      await card.getByText('One Haircut redeemed; 4 left.').waitFor();
      await card.getByText('Haircut: 4 of 5 credits left').waitFor();
      const credits = await expectOk(
        salon.api('GET', `/staff/customer-packages/${customerId}/credits`, undefined, salon.staffToken),
      );
      expect(credits.map((credit: { remaining_credits: number }) => credit.remaining_credits)).toEqual([4]);
      await expectAccessible(page);
      await screenshot('console-customer');
    },
    STEP_MS,
  );

  it(
    'the owner switches to the week view: Sari’s week from the API, a booking made meanwhile, one dragged to another day',
    async () => {
      await page.getByRole('button', { name: 'Week', exact: true }).click();
      await expect(
        page.getByRole('button', { name: 'Week', exact: true }).getAttribute('aria-pressed'),
      ).resolves.toBe('true');
      await page.getByRole('combobox', { name: 'Staff member', exact: true }).selectOption({ label: 'Sari' });
      // The week shown is the one of the day shown (tomorrow), Monday to Sunday.
      const monday = addDays(tomorrow, -weekdayOf(tomorrow));
      const sunday = addDays(monday, 6);
      await page.getByRole('heading', { level: 3 }).first().waitFor();
      const dayColumn = (date: string) => page.locator(`section[data-date="${date}"]`);
      await expect(page.locator('section[data-date]').count()).resolves.toBe(7);
      const week = await expectOk(
        salon.api(
          'GET',
          `/appointments?outlet_id=${salon.outletId}&start_date=${monday}&end_date=${sunday}&staff_id=${salon.staffId}&size=100`,
          undefined,
          salon.staffToken,
        ),
      );
      const drawn = week.items.filter(
        (item: { status: string }) => !['cancelled', 'rescheduled'].includes(item.status),
      );
      expect(drawn.length).toBeGreaterThanOrEqual(4);
      for (const item of drawn)
        await dayColumn(item.appointment_date).locator(`[data-appointment="${item.id}"]`).waitFor();
      await expect(page.locator('section[data-date] .appointment').count()).resolves.toBe(drawn.length);
      await expect(dayColumn(tomorrow).getByRole('heading', { level: 3 }).count()).resolves.toBe(1);

      // A booking for a day of the shown week appears without a reload (the live stream, as in the day view).
      const later = await book('13:00');
      await dayColumn(tomorrow).locator(`[data-appointment="${later}"]`).waitFor({ timeout: 30_000 });
      await expect(page.evaluate(() => 'consoleNotReloaded' in globalThis)).resolves.toBe(true);
      await appointmentButton(later).click();
      const panel = page.getByRole('region', { name: 'Appointment: Haircut' });
      await panel.waitFor();
      await expect(panel.getByText('Sari').first().isVisible()).resolves.toBe(true);
      await expectAccessible(page);
      await screenshot('console-week');
      await panel.getByRole('button', { name: 'Close' }).click();

      // Dragged to another day of the week (the day after tomorrow; tomorrow itself when tomorrow is Sunday).
      const other = tomorrow === sunday ? tomorrow : addDays(tomorrow, 1);
      await appointmentButton(later).dragTo(page.locator(`[data-date="${other}"][data-time="12:00"]`));
      await page.getByText('The appointment is moved.').waitFor();
      const moved = await expectOk(salon.api('GET', `/appointments/${later}`, undefined, salon.staffToken));
      expect(moved).toMatchObject({
        appointment_date: other,
        start_time: '12:00:00',
        staff_id: salon.staffId,
      });
      await dayColumn(other).locator(`[data-appointment="${later}"]`).waitFor();

      await page.getByRole('button', { name: 'Day', exact: true }).click();
      await column('Sari').waitFor();
      await appointmentButton(toMove).waitFor();
    },
    STEP_MS,
  );

  it(
    'an OUTLET_MANAGER of one outlet sees only that outlet, and no package sale (the API refuses it that role)',
    async () => {
      await upgradeToPro(salon);
      const second = await waitFor(async () => {
        const created = await salon.api(
          'POST',
          '/outlets',
          { name: 'Kirana Kemang', timezone: salon.timezone },
          salon.staffToken,
        );
        return created.status === 201 && created.body;
      }, PLAN_WAIT);
      const all = await expectOk(salon.api('GET', '/outlets', undefined, salon.staffToken));
      expect(all.items).toHaveLength(2);
      await expectOk(
        salon.api(
          'POST',
          '/users',
          {
            email: 'manager@kirana-console.example',
            password: PASSWORD,
            first_name: 'Made',
            last_name: 'Wirawan',
            role: 'OUTLET_MANAGER',
            outlet_ids: [salon.outletId],
          },
          salon.staffToken,
        ),
        201,
      );
      await page.getByRole('button', { name: 'Sign out' }).click();
      await signIn('manager@kirana-console.example');
      const outlets = page.getByLabel('Outlet').locator('option');
      const own = all.items.find((outlet: { id: string }) => outlet.id === salon.outletId);
      await expect(outlets.allTextContents()).resolves.toEqual([own.name]);
      await page.getByRole('button', { name: 'Next day' }).click();
      await column('Sari').waitFor();
      await column('Rudi').waitFor();
      await page.getByLabel('Find a customer (name, e-mail or phone)').fill('Dewi');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: 'Open Dewi Anggraini' }).click();
      await page.getByRole('article', { name: 'Dewi Anggraini' }).waitFor();
      await expect(page.getByRole('button', { name: 'Sell' }).count()).resolves.toBe(0);
      // The scope is the API's: the other outlet's calendar is refused to the manager's token.
      const { access_token: token } = await expectOk(
        salon.api('POST', '/auth/login', { email: 'manager@kirana-console.example', password: PASSWORD }),
      );
      const refused = await salon.api('GET', `/appointments?outlet_id=${second.id}`, undefined, token);
      expect(refused.status).toBe(403);
      await expectAccessible(page);
      await screenshot('console-outlet-manager');
    },
    STEP_MS,
  );

  it(
    'a STAFF member linked to Sari sees only Sari’s column, and only Sari’s week',
    async () => {
      await expectOk(
        salon.api(
          'POST',
          '/users',
          {
            email: 'sari.user@kirana-console.example',
            password: PASSWORD,
            first_name: 'Sari',
            last_name: 'Dewi',
            role: 'STAFF',
            outlet_ids: [salon.outletId],
            staff_id: salon.staffId,
          },
          salon.staffToken,
        ),
        201,
      );
      await page.getByRole('button', { name: 'Sign out' }).click();
      await signIn('sari.user@kirana-console.example');
      await page.getByRole('button', { name: 'Next day' }).click();
      await column('Sari').waitFor();
      await appointmentButton(toMove).waitFor();
      await expect(column('Rudi').count()).resolves.toBe(0);
      await expect(page.locator(`[data-staff="${rudiId}"]`).count()).resolves.toBe(0);
      await expect(page.locator('.staff-column').count()).resolves.toBe(1);
      await expectAccessible(page);
      await screenshot('console-staff');
      // Their week is their own: no staff member to pick.
      await page.getByRole('button', { name: 'Week', exact: true }).click();
      await appointmentButton(toMove).waitFor();
      await expect(page.getByRole('combobox', { name: 'Staff member', exact: true }).count()).resolves.toBe(
        0,
      );
      await page.getByRole('button', { name: 'Day', exact: true }).click();
      await column('Sari').waitFor();
    },
    STEP_MS,
  );

  it(
    'a user of two businesses chooses one after the password, and a RECEPTIONIST sees no package sale',
    async () => {
      const email = 'nadia@kirana-two.example';
      await expectOk(
        salon.api('POST', '/public/register', {
          business_name: 'Kirana Two',
          business_email: 'hello@kirana-two.example',
          business_phone: '+6281234567891',
          business_type: 'salon',
          admin_first_name: 'Nadia',
          admin_last_name: 'Putri',
          admin_email: email,
          admin_password: PASSWORD,
          terms_accepted: true,
          privacy_accepted: true,
        }),
        201,
      );
      // The same user gets a membership of the first salon too (its password stays).
      await expectOk(
        salon.api(
          'POST',
          '/users',
          {
            email,
            first_name: 'Nadia',
            last_name: 'Putri',
            role: 'RECEPTIONIST',
            outlet_ids: [salon.outletId],
          },
          salon.staffToken,
        ),
        201,
      );
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const choice = page.getByRole('group', { name: 'Choose the business' });
      await choice.waitFor({ timeout: 120_000 });
      await expectAccessible(page);
      await screenshot('console-choose-business');
      await choice.getByRole('radio', { name: /Kirana Console Salon/ }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Outlet').waitFor();
      await expect(
        page.getByText('Kirana Console Salon · Nadia Putri, Receptionist').isVisible(),
      ).resolves.toBe(true);
      await page.getByRole('button', { name: 'Next day' }).click();
      await column('Sari').waitFor();
      await column('Rudi').waitFor();
      await page.getByLabel('Find a customer (name, e-mail or phone)').fill('Dewi');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: 'Open Dewi Anggraini' }).click();
      await page.getByRole('article', { name: 'Dewi Anggraini' }).waitFor();
      await expect(page.getByRole('button', { name: 'Sell' }).count()).resolves.toBe(0);
    },
    STEP_MS,
  );

  it(
    'speaks Indonesian when the user picks it',
    async () => {
      await page.getByLabel(/^Language/).selectOption('id');
      await page.getByRole('button', { name: 'Hari berikutnya' }).waitFor();
      await page.getByRole('heading', { name: /^Janji temu pada / }).waitFor();
      await page.getByText('Langsung: perubahan muncul di sini saat dibuat.', { exact: false }).waitFor();
      await expectAccessible(page);
      await screenshot('console-calendar-id');
      await page.getByLabel(/^Bahasa/).selectOption('en');
    },
    STEP_MS,
  );

  it('broke no rule of the Content-Security-Policy', () => {
    expect(cspViolations).toEqual([]);
  });
});
