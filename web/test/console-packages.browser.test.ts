import type { Page } from 'playwright-core';
import { waitFor } from '@salon/testing';
import {
  describeInBrowser,
  expectAccessible,
  expectOk,
  PASSWORD,
  salonOnDesktop,
  screenshot as saveScreenshot,
  STEP_MS,
  WAIT,
  type Salon,
} from './browser-harness';
import { expectSectionNotOfferedToStaff, signInToConsole } from './page-steps';

/**
 * The console's packages page in a real browser, against the whole platform started the way `npm start` starts
 * it: the owner adds a package of five haircuts, sees a refused one keep what was typed, sees a sale made at
 * the counter counted with its revenue and listed among the latest sales, edits the price and archives the
 * package. A STAFF member is not offered the page. Every screen passes axe-core and breaks no rule of the
 * Content-Security-Policy; the screens are saved under artifacts/screenshots/.
 */
const DOMAIN = 'kenanga-packages.example';

describeInBrowser('the console’s packages page', () => {
  let salon: Salon;
  let page: Page;
  let cspViolations: string[] = [];
  let packageId: string;
  const screenshot = (name: string) => saveScreenshot(page, name);
  const packageItem = () => page.locator('.service-list li').filter({ hasText: 'Five cuts' }).first();

  salonOnDesktop('Kenanga Package Salon', DOMAIN, (opened) => ({ salon, page, cspViolations } = opened));

  it(
    'the owner adds a package of five haircuts, and the API has it',
    async () => {
      await signInToConsole(page, salon.base, `owner@${DOMAIN}`, '/console/packages');
      await page.getByRole('heading', { name: 'Packages and their sales' }).waitFor({ timeout: 120_000 });
      await page.getByText('No packages yet.').waitFor();
      await page.getByRole('button', { name: 'Add a package' }).click();
      const form = page.getByRole('region', { name: 'New package' });
      await form.getByLabel('Name').fill('Five cuts');
      // Commerce learns of the haircut from catalog's event: the form lists it once it is known.
      await waitFor(
        async () =>
          (await form.getByLabel('Service 1', { exact: true }).locator('option').allTextContents()).includes(
            'Haircut',
          ),
        WAIT,
      );
      await form.getByLabel('Sessions of service 1').fill('5');
      await form.getByLabel('Price (IDR)').fill('600000');
      await form.getByLabel(/^Valid for/).fill('90');
      await expectAccessible(page);
      await screenshot('console-packages-new');
      await form.getByRole('button', { name: 'Add package' }).click();
      await page.getByText('Five cuts is added.').waitFor();
      await packageItem()
        .getByText(/Rp\s?600,000 · valid 90 days · On sale/)
        .waitFor();
      await packageItem().getByText('5 × Haircut').waitFor();
      const listed = await expectOk(salon.api('GET', '/packages', undefined, salon.staffToken));
      expect(listed.items).toHaveLength(1);
      packageId = listed.items[0].id;
      expect(listed.items[0]).toMatchObject({
        name: 'Five cuts',
        package_price: '600000.00',
        validity_days: 90,
        outlet_ids: [salon.outletId],
        package_items: [expect.objectContaining({ service_id: salon.serviceId, quantity: 5 })],
      });
    },
    STEP_MS,
  );

  it(
    'a package with one service twice is refused with the API’s message, and the form keeps what was typed',
    async () => {
      await page.getByRole('button', { name: 'Add a package' }).click();
      const form = page.getByRole('region', { name: 'New package' });
      await form.getByLabel('Name').fill('Double cut');
      await form.getByRole('button', { name: 'Add a service' }).click();
      await form.getByLabel('Service 2', { exact: true }).selectOption({ label: 'Haircut' });
      await form.getByLabel('Price (IDR)').fill('250000');
      await form.getByRole('button', { name: 'Add package' }).click();
      await form.getByRole('alert').waitFor();
      await expect(form.getByRole('alert').textContent()).resolves.toMatch(/\S/);
      await expect(form.getByLabel('Name').inputValue()).resolves.toBe('Double cut');
      const listed = await expectOk(salon.api('GET', '/packages', undefined, salon.staffToken));
      expect(listed.items).toHaveLength(1);
      await form.getByRole('button', { name: 'Close' }).click();
    },
    STEP_MS,
  );

  it(
    'a sale at the counter is counted with its revenue and listed among the latest sales',
    async () => {
      const email = `wulan@${DOMAIN}`;
      const customerId: string = (
        await expectOk(
          salon.api('POST', '/customer/auth/register', {
            email,
            password: PASSWORD,
            first_name: 'Wulan',
            last_name: 'Sari',
            tenant_slug: salon.slug,
          }),
          201,
        )
      ).customer_id;
      // Commerce learns of the customer from identity's event: retry until it sells to them.
      await waitFor(async () => {
        const sold = await salon.api(
          'POST',
          '/staff/customer-packages',
          {
            customer_id: customerId,
            package_id: packageId,
            outlet_id: salon.outletId,
            payment_method: 'manual_onspot',
            amount_paid: '600000',
            currency: 'IDR',
          },
          salon.staffToken,
        );
        return sold.status === 201;
      }, WAIT);
      await page.reload();
      await packageItem()
        .getByText(/^Sold 1 × for Rp\s?600,000 in all$/)
        .waitFor({ timeout: 60_000 });
      const sales = page.getByRole('region', { name: 'Latest sales' });
      await sales.getByText(/Rp\s?600,000 · paid · 5 of 5 credits left/).waitFor();
      await expectAccessible(page);
      await screenshot('console-packages');
    },
    STEP_MS,
  );

  it(
    'edits the price, then archives the package after a confirmation',
    async () => {
      await page.getByRole('button', { name: 'Edit Five cuts' }).click();
      const form = page.getByRole('region', { name: 'Edit Five cuts' });
      await form.getByLabel('Price (IDR)').fill('550000');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Five cuts is saved.').waitFor();
      await packageItem()
        .getByText(/Rp\s?550,000 · valid 90 days/)
        .waitFor();
      const edited = await expectOk(salon.api('GET', `/packages/${packageId}`, undefined, salon.staffToken));
      expect(edited.package_price).toBe('550000.00');

      await page.getByRole('button', { name: 'Archive Five cuts' }).click();
      const confirmation = page.getByRole('group', { name: 'Archive Five cuts' });
      await expectAccessible(page);
      await confirmation.getByRole('button', { name: 'Yes, archive it' }).click();
      await page.getByText('Five cuts is archived.').waitFor();
      const archived = await expectOk(
        salon.api('GET', `/packages/${packageId}`, undefined, salon.staffToken),
      );
      expect(archived.status).toBe('archived');
    },
    STEP_MS,
  );

  it(
    'a STAFF member, whom the API refuses package writes, is not offered the page',
    async () => {
      const token = await expectSectionNotOfferedToStaff(page, salon, DOMAIN, {
        path: '/console/packages',
        link: 'Packages',
        heading: 'Packages and their sales',
      });
      const refused = await salon.api(
        'POST',
        '/packages',
        { name: 'Trim', package_items: [{ service_id: salon.serviceId, quantity: 1 }], package_price: '1' },
        token,
      );
      expect(refused.status).toBe(403);
      expect(cspViolations).toEqual([]);
    },
    STEP_MS,
  );
});
