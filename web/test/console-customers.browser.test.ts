import type { Page } from 'playwright-core';
import { waitFor } from '@salon/testing';
import {
  addSariAsStaffUser,
  describeInBrowser,
  expectAccessible,
  expectOk,
  salonOnDesktop,
  screenshot as saveScreenshot,
  SETUP_MS,
  staffTokenOf,
  STEP_MS,
  WAIT,
  type Salon,
} from './browser-harness';
import { signInToConsole, switchConsoleUser } from './page-steps';

/**
 * The console's customers page in a real browser, against the whole platform started the way `npm start` starts
 * it: the owner finds a customer registered through the API and sees her appointments (one completed, one to
 * come) with their statuses, edits her phone, is shown the API's message for a bad e-mail with nothing typed
 * lost, records the counter payment of a package sold unpaid (it becomes active with its credits), and adds a
 * customer. A STAFF member may read customers (identity lets every staff role) but is offered neither the edit
 * nor the payment, which the API refuses them. Every screen passes axe-core and breaks no rule of the
 * Content-Security-Policy; the screens are saved under artifacts/screenshots/.
 */
const DOMAIN = 'melati-customers.example';

describeInBrowser('the console’s customers page', () => {
  let salon: Salon;
  let page: Page;
  let cspViolations: string[] = [];
  let customerId: string;
  let packageId: string;
  const screenshot = (name: string) => saveScreenshot(page, name);
  const record = () => page.getByRole('article', { name: 'Dewi Lestari' });

  const book = async (date: string, startTime: string): Promise<string> =>
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
            services: [{ service_id: salon.serviceId, staff_id: salon.staffId }],
          },
          salon.staffToken,
        ),
        201,
      )
    ).id;

  const moveTo = async (appointmentId: string, status: string) =>
    expectOk(salon.api('PUT', `/appointments/${appointmentId}/status`, { status }, salon.staffToken));

  /** A package of five haircuts sold to Dewi by bank transfer, not paid yet (commerce learns her from an event). */
  const sellUnpaid = async (): Promise<string> => {
    let last: unknown;
    return waitFor(async () => {
      const sold = await salon.api(
        'POST',
        '/staff/customer-packages',
        {
          customer_id: customerId,
          package_id: packageId,
          outlet_id: salon.outletId,
          payment_method: 'bank_transfer',
          amount_paid: '600000',
        },
        salon.staffToken,
      );
      last = sold;
      return sold.status === 201 && (sold.body.id as string);
    }, WAIT).catch((error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(last)}`);
    });
  };

  salonOnDesktop('Melati Customers Salon', DOMAIN, (opened) => ({ salon, page, cspViolations } = opened));

  // Once the salon is up, through the API: Dewi, her two appointments and the package sold to her unpaid.
  beforeAll(async () => {
    customerId = (
      await expectOk(
        salon.api(
          'POST',
          '/customers',
          { first_name: 'Dewi', last_name: 'Lestari', phone: '0812 1111 2222', email: `dewi@${DOMAIN}` },
          salon.staffToken,
        ),
        201,
      )
    ).id;
    // Scheduling learns the customer from identity's event: retry the first booking until it knows her.
    const done = await waitFor(async () => {
      try {
        return await book(salon.day(1), '11:00');
      } catch {
        return false;
      }
    }, WAIT);
    const current = await expectOk(salon.api('GET', `/appointments/${done}`, undefined, salon.staffToken));
    if (current.status === 'pending') await moveTo(done, 'confirmed');
    await moveTo(done, 'completed');
    await book(salon.day(2), '10:00');
    // Commerce learns the service from an event, so retry until it accepts the package.
    packageId = await waitFor(async () => {
      const created = await salon.api(
        'POST',
        '/packages',
        {
          name: 'Five cuts',
          package_items: [{ service_id: salon.serviceId, quantity: 5 }],
          package_price: '600000',
          validity_days: 90,
          outlet_ids: [salon.outletId],
        },
        salon.staffToken,
      );
      return created.status === 201 && (created.body.id as string);
    }, WAIT);
    await sellUnpaid();
  }, SETUP_MS);

  it(
    'the owner finds the customer and sees her appointments with their statuses',
    async () => {
      await signInToConsole(page, salon.base, `owner@${DOMAIN}`, '/console/customers');
      await page.getByRole('heading', { name: 'Customers', exact: true }).waitFor({ timeout: 120_000 });
      await expect(
        page
          .getByRole('navigation', { name: 'Console sections' })
          .getByRole('link', { name: 'Customers' })
          .getAttribute('aria-current'),
      ).resolves.toBe('page');
      await page.getByLabel('Find a customer (name, e-mail or phone)').fill('Lestari');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const list = page.getByRole('list', { name: 'Customer list' });
      await list.getByText('Dewi Lestari', { exact: true }).waitFor();
      await expectAccessible(page);
      await screenshot('console-customers-list');

      await list.getByRole('button', { name: 'Open Dewi Lestari' }).click();
      await record().getByText(`dewi@${DOMAIN}`).waitFor();
      const upcoming = record().getByRole('list', { name: 'Upcoming' });
      const past = record().getByRole('list', { name: 'Past' });
      await upcoming.getByText(/Haircut with Sari Dewi/).waitFor();
      await past.getByText(/Haircut with Sari Dewi/).waitFor();
      await expect(upcoming.textContent()).resolves.toMatch(/10:00 \S+.*(Confirmed|Waiting for payment)/);
      await expect(past.textContent()).resolves.toMatch(/11:00 \S+.*Completed.*Rp\s?150,000/);
      await expectAccessible(page);
      await screenshot('console-customers-record');
    },
    STEP_MS,
  );

  it(
    'edits her phone, and a bad e-mail shows the API’s message with nothing typed lost',
    async () => {
      await record().getByRole('button', { name: 'Edit Dewi Lestari' }).click();
      const form = page.getByRole('form', { name: 'Edit Dewi Lestari' });
      await form.getByLabel('Phone (optional)').fill('0813 5555 6666');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Dewi Lestari is saved.').waitFor();
      const saved = await expectOk(salon.api('GET', `/customers/${customerId}`, undefined, salon.staffToken));
      expect(saved.phone).toMatch(/81355556666$/);

      await record().getByRole('button', { name: 'Edit Dewi Lestari' }).click();
      await form.getByLabel('Tags, separated by commas (optional)').fill('regular, colour');
      await form.getByLabel('E-mail (optional)').fill('not-an-e-mail');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await form
        .getByRole('alert')
        .getByText(/E-mail \(optional\): Invalid email address/)
        .waitFor();
      await expect(form.getByLabel('E-mail (optional)').inputValue()).resolves.toBe('not-an-e-mail');
      await expect(form.getByLabel('Tags, separated by commas (optional)').inputValue()).resolves.toBe(
        'regular, colour',
      );
      await expectAccessible(page);
      await screenshot('console-customers-refused');
      const unchanged = await expectOk(
        salon.api('GET', `/customers/${customerId}`, undefined, salon.staffToken),
      );
      expect(unchanged.email).toBe(`dewi@${DOMAIN}`);
      await form.getByRole('button', { name: 'Cancel' }).click();
    },
    STEP_MS,
  );

  it(
    'records the counter payment of the unpaid package, which then shows active with its credits',
    async () => {
      const packages = record().getByRole('list', { name: 'Packages' });
      await packages.getByText(/Five cuts · Waiting for payment/).waitFor();
      const form = page.getByRole('form', { name: 'Record the payment of Five cuts' });
      await expect(form.getByLabel('Amount received (IDR)').inputValue()).resolves.toBe('600000');
      await form.getByLabel('Payment method').selectOption('cash');
      await form.getByLabel('Receipt number (optional)').fill('R-0042');
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Record payment' }).click();
      await page.getByText('The payment of Five cuts is recorded; the package is active.').waitFor();
      await packages.getByText(/Five cuts · Active · 5 of 5 credits left/).waitFor();
      await expect(form.count()).resolves.toBe(0);
      const held = await expectOk(
        salon.api('GET', `/staff/customer-packages?customer_id=${customerId}`, undefined, salon.staffToken),
      );
      expect(held.items).toHaveLength(1);
      expect(held.items[0]).toMatchObject({ status: 'active', payment_status: 'paid', remaining_credits: 5 });
      await expectAccessible(page);
      await screenshot('console-customers-paid');
    },
    STEP_MS,
  );

  it(
    'adds a new customer, whose record opens',
    async () => {
      await record().getByRole('button', { name: 'Back to the list' }).click();
      await page.getByRole('button', { name: 'Add a customer' }).click();
      const form = page.getByRole('form', { name: 'New customer' });
      await form.getByLabel('First name').fill('Budi');
      await form.getByLabel('Last name (optional)').fill('Santoso');
      await form.getByLabel('Phone (optional)').fill('0812 9999 0000');
      await form.getByLabel('E-mail (optional)').fill(`budi@${DOMAIN}`);
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Add customer' }).click();
      await page.getByText('Budi Santoso is added.').waitFor();
      const budi = page.getByRole('article', { name: 'Budi Santoso' });
      await budi.getByText('No appointments yet.').waitFor();
      const found = await expectOk(
        salon.api('GET', '/customers?search=Santoso', undefined, salon.staffToken),
      );
      expect(found.items).toEqual([expect.objectContaining({ first_name: 'Budi', email: `budi@${DOMAIN}` })]);
      await expectAccessible(page);
      await screenshot('console-customers-added');
    },
    STEP_MS,
  );

  it(
    'a STAFF member reads customers but is offered neither the edit nor the payment, which the API refuses',
    async () => {
      const pending = await sellUnpaid();
      const email = await addSariAsStaffUser(salon, DOMAIN);
      await switchConsoleUser(page, salon.base, email, '/console/customers');
      await page.getByRole('heading', { name: 'Customers', exact: true }).waitFor({ timeout: 120_000 });
      await page
        .getByRole('list', { name: 'Customer list' })
        .getByRole('button', { name: 'Open Dewi Lestari' })
        .click();
      await record()
        .getByRole('list', { name: 'Packages' })
        .getByText(/Waiting for payment/)
        .waitFor();
      await record()
        .getByRole('list', { name: 'Past' })
        .getByText(/Completed/)
        .waitFor();
      await expect(record().getByRole('button', { name: 'Edit Dewi Lestari' }).count()).resolves.toBe(0);
      await expect(record().getByRole('button', { name: 'Record payment' }).count()).resolves.toBe(0);
      await expectAccessible(page);
      await screenshot('console-customers-staff');

      const token = await staffTokenOf(salon, email);
      const edit = await salon.api('PUT', `/customers/${customerId}`, { phone: '0811 0000 0000' }, token);
      expect(edit.status).toBe(403);
      const payment = await salon.api(
        'POST',
        `/customer-packages/${pending}/record-payment`,
        { amount: '600000', payment_method: 'cash' },
        token,
      );
      expect(payment.status).toBe(403);
      expect(cspViolations).toEqual([]);
    },
    STEP_MS,
  );
});
