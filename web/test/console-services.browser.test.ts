import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@salon/testing';
import {
  addConsoleUser,
  describeInBrowser,
  expectAccessible,
  expectOk,
  PLAN_WAIT,
  salonOnDesktop,
  screenshot as saveScreenshot,
  SETUP_MS,
  STEP_MS,
  upgradeToPro,
  type Salon,
} from './browser-harness';
import {
  expectSectionNotOfferedToStaff,
  openBookingPage,
  signInToConsole,
  switchConsoleUser,
} from './page-steps';

/**
 * The console's services and prices in a real browser, against the whole platform started the way `npm start`
 * starts it: the owner sees the haircut with its price, adds a cream bath, which the API and the public booking
 * page then offer at that price, edits its price (a negative one is refused with the API's message and nothing
 * typed is lost), is refused an outlet price on FREE with the API's message, sets one on PRO and a promotion,
 * and sees the price the booking page charges, and deletes it after a confirmation. An OUTLET_MANAGER may edit
 * and price services but is not offered deleting; a STAFF member, whom the API refuses service writes, is not
 * offered the section. Every screen passes axe-core and breaks no rule of the Content-Security-Policy; the
 * screens are saved under artifacts/screenshots/.
 */
const DOMAIN = 'melati-services.example';

describeInBrowser('the console’s services and prices', () => {
  let salon: Salon;
  let browser: Browser;
  let page: Page;
  let cspViolations: string[] = [];
  let outletName: string;
  let creamBathId: string;
  const screenshot = (name: string) => saveScreenshot(page, name);
  const serviceRow = (name: string) => page.locator('.service-list li').filter({ hasText: name });
  const publicServices = async () =>
    (
      await expectOk(
        salon.api('GET', `/public/tenants/${salon.slug}/services?outlet_id=${salon.outletId}&size=100`),
      )
    ).items as Array<{ id: string; name: string; price: { amount: string; source: string } }>;
  const creamBath = () => salon.api('GET', `/services/${creamBathId}`, undefined, salon.staffToken);
  /** "Outlet: Rp 180,000 (base price)", the line of the price charged at the salon's outlet. */
  const chargedLine = (price: string, source: string) =>
    new RegExp(`^${outletName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: Rp\\s?${price} \\(${source}\\)$`);
  /** A wall-clock time `days` ahead, as a datetime-local input takes it (in the browser's zone, here too). */
  const localInDays = (days: number) => {
    const at = new Date(Date.now() + days * 86_400_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T18:00`;
  };

  salonOnDesktop(
    'Melati Services Salon',
    DOMAIN,
    (opened) => ({ salon, browser, page, cspViolations } = opened),
  );

  // Once the salon is up: its outlet's name, as the pages show it.
  beforeAll(async () => {
    outletName = (await expectOk(salon.api('GET', '/outlets', undefined, salon.staffToken))).items[0].name;
  }, SETUP_MS);

  it(
    'the owner sees the salon’s services by category, with duration, price and state',
    async () => {
      await signInToConsole(page, salon.base, `owner@${DOMAIN}`, '/console/services');
      await page.getByRole('heading', { name: 'Services and prices' }).waitFor({ timeout: 120_000 });
      await expect(
        page
          .getByRole('navigation', { name: 'Console sections' })
          .getByRole('link', { name: 'Services', exact: true })
          .getAttribute('aria-current'),
      ).resolves.toBe('page');
      const hairCut = page.getByRole('region', { name: 'Hair Cut' });
      await hairCut.getByText(/45 min · Rp\s?150,000 · Active/).waitFor();
      await expect(hairCut.getByText('Haircut', { exact: true }).isVisible()).resolves.toBe(true);
      await expectAccessible(page);
      await screenshot('console-services-list');
    },
    STEP_MS,
  );

  it(
    'adds a service in a category with a price: listed, in the API and on the public booking page',
    async () => {
      await page.getByRole('button', { name: 'Add a service' }).click();
      const form = page.getByRole('form', { name: 'New service' });
      await form.getByLabel('Name').fill('Cream bath');
      await form.getByLabel('Category').selectOption({ label: 'Hair Treatment' });
      await form.getByLabel('Duration (minutes)').fill('60');
      await form.getByLabel('Base price (IDR)').fill('200000');
      await form.getByLabel('Description (optional)').fill('A nourishing hair mask with a scalp massage.');
      await expectAccessible(page);
      await screenshot('console-services-new');
      await form.getByRole('button', { name: 'Add service' }).click();
      await page.getByText('Cream bath is added.').waitFor();
      await page
        .getByRole('region', { name: 'Hair Treatment' })
        .getByText(/60 min · Rp\s?200,000 · Active/)
        .waitFor();

      const listed = await expectOk(salon.api('GET', '/services?search=Cream', undefined, salon.staffToken));
      expect(listed.items).toHaveLength(1);
      creamBathId = listed.items[0].id;
      expect(listed.items[0]).toMatchObject({
        name: 'Cream bath',
        slug: 'cream-bath',
        category: 'hair_treatment',
        duration_minutes: 60,
        pricing: { base_price: '200000.00', currency: 'IDR' },
      });
      const offered = (await publicServices()).find((service) => service.id === creamBathId);
      expect(offered?.price).toMatchObject({ amount: '200000.00', source: 'base_price' });

      await openBookingPage(page, salon.base, salon.slug);
      await page.getByRole('radio', { name: /Cream bath/ }).waitFor();
      await page.getByText(/60 min · Rp\s?200,000/).waitFor();
      await page.goto(`${salon.base}/console/services`);
      await page.getByRole('heading', { name: 'Services and prices' }).waitFor();
    },
    STEP_MS,
  );

  it(
    'a negative price is refused with the API’s message and loses nothing; a good one is saved',
    async () => {
      await page.getByRole('button', { name: 'Edit Cream bath' }).click();
      const form = page.getByRole('form', { name: 'Edit Cream bath' });
      await form.getByLabel('Base price (IDR)').fill('-5');
      await form.getByRole('button', { name: 'Save' }).click();
      await form
        .getByRole('alert')
        .getByText('Base price: Input should be greater than or equal to 0')
        .waitFor();
      await expect(form.getByLabel('Name').inputValue()).resolves.toBe('Cream bath');
      await expect(form.getByLabel('Base price (IDR)').inputValue()).resolves.toBe('-5');
      await expect(form.getByLabel('Duration (minutes)').inputValue()).resolves.toBe('60');
      expect((await creamBath()).body.pricing.base_price).toBe('200000.00');
      await expectAccessible(page);
      await screenshot('console-services-refused');

      await form.getByLabel('Base price (IDR)').fill('180000');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/^Cream bath is saved\./).waitFor();
      await expect(form.getByRole('alert').count()).resolves.toBe(0);
      await serviceRow('Cream bath')
        .getByText(/60 min · Rp\s?180,000 · Active/)
        .waitFor();
      expect((await creamBath()).body.pricing.base_price).toBe('180000.00');
    },
    STEP_MS,
  );

  it(
    'sets an outlet price and a promotion, and sees the price the booking page charges',
    async () => {
      await page.getByRole('button', { name: 'Prices of Cream bath' }).click();
      const prices = page.getByRole('region', { name: 'Prices of Cream bath' });
      await prices.getByText(chargedLine('180,000', 'base price')).waitFor();
      const outletPrice = prices.getByLabel(`Price at ${outletName} (IDR)`);
      await outletPrice.fill('170000');
      // On FREE, outlet prices are refused (402) with the API's message, and the price typed stays.
      await prices.getByRole('button', { name: 'Save outlet prices' }).click();
      await prices
        .getByRole('alert')
        .getByText(/^Outlet pricing is not available on the FREE plan/)
        .waitFor();
      await expect(outletPrice.inputValue()).resolves.toBe('170000');

      await upgradeToPro(salon);
      // Catalog learns the plan from billing's event: save until it has.
      await waitFor(
        async () => {
          await prices.getByRole('button', { name: 'Save outlet prices' }).click();
          await page.waitForTimeout(500);
          return (await page.getByText(/^The prices are saved\./).count()) === 1;
        },
        { timeoutMs: 60_000, intervalMs: 1_000 },
      );
      await prices.getByText(chargedLine('170,000', 'outlet price')).waitFor();
      expect((await creamBath()).body.pricing.outlet_prices).toEqual({ [salon.outletId]: '170000.00' });
      expect((await publicServices()).find((service) => service.id === creamBathId)?.price).toMatchObject({
        amount: '170000.00',
        source: 'outlet_override',
      });

      await prices.getByLabel('Promotional price (IDR)').fill('150000');
      await prices.getByLabel('Valid until (your local time)').fill(localInDays(7));
      await prices.getByRole('button', { name: 'Save promotion' }).click();
      await prices.getByText(chargedLine('150,000', 'promotion')).waitFor();
      await serviceRow('Cream bath')
        .getByText(/Rp\s?150,000 \(promotion until /)
        .waitFor();
      const pricing = (await creamBath()).body.pricing;
      expect(pricing.promotional_price).toBe('150000.00');
      expect(Date.parse(pricing.promotional_valid_until)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
      expect((await publicServices()).find((service) => service.id === creamBathId)?.price).toMatchObject({
        amount: '150000.00',
        source: 'promotional_price',
      });
      await expectAccessible(page);
      await screenshot('console-services-prices');

      // The public services are cacheable for a minute (Cache-Control max-age=60): a browser that has not
      // read them yet (a context of its own, with its own cache) shows the new price at once.
      const visitor = await browser.newPage();
      try {
        await openBookingPage(visitor, salon.base, salon.slug);
        await visitor.getByRole('radio', { name: /Cream bath/ }).waitFor();
        await visitor.getByText(/60 min · Rp\s?150,000/).waitFor();
      } finally {
        await visitor.close();
      }
      await page.goto(`${salon.base}/console/services`);
      await page.getByRole('heading', { name: 'Services and prices' }).waitFor();
    },
    STEP_MS,
  );

  it(
    'deletes the service after a confirmation: archived, and no longer offered publicly',
    async () => {
      await page.getByRole('button', { name: 'Delete Cream bath' }).click();
      const confirmation = page.getByRole('group', { name: 'Delete Cream bath' });
      await confirmation.getByText(/^Delete Cream bath\? It can no longer be booked/).waitFor();
      await expectAccessible(page);
      await confirmation.getByRole('button', { name: 'Yes, delete it' }).click();
      await page.getByText('Cream bath is deleted.').waitFor();
      await serviceRow('Cream bath')
        .getByText(/Deleted \(archived\)/)
        .waitFor();
      await expect(page.getByRole('button', { name: 'Delete Cream bath' }).count()).resolves.toBe(0);
      expect((await creamBath()).body).toMatchObject({ status: 'archived', is_active: false });
      expect((await publicServices()).map((service) => service.name)).toEqual(['Haircut']);
      await screenshot('console-services-deleted');
    },
    STEP_MS,
  );

  it(
    'an OUTLET_MANAGER may edit services and price them at its own outlet only, and is not offered deleting',
    async () => {
      // The salon is on PRO since the prices step: a second outlet, which the manager does not manage.
      await waitFor(async () => {
        const created = await salon.api(
          'POST',
          '/outlets',
          { name: 'Kirana Kemang', timezone: salon.timezone },
          salon.staffToken,
        );
        return created.status === 201;
      }, PLAN_WAIT);
      await addConsoleUser(salon, {
        email: `manager@${DOMAIN}`,
        first_name: 'Budi',
        last_name: 'Santoso',
        role: 'OUTLET_MANAGER',
        outlet_ids: [salon.outletId],
      });
      await switchConsoleUser(page, salon.base, `manager@${DOMAIN}`, '/console/services');
      await page.getByRole('heading', { name: 'Services and prices' }).waitFor({ timeout: 120_000 });
      await page.getByRole('button', { name: 'Edit Haircut' }).waitFor();
      await expect(page.getByRole('button', { name: /^Delete / }).count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Prices of Haircut' }).click();
      const prices = page.getByRole('region', { name: 'Prices of Haircut' });
      await prices.getByLabel(`Price at ${outletName} (IDR)`).waitFor();
      await expect(prices.getByLabel(/^Price at /).count()).resolves.toBe(1);
      await expectAccessible(page);
    },
    STEP_MS,
  );

  it(
    'a STAFF member, whom the API refuses service writes, is not offered the section',
    async () => {
      const token = await expectSectionNotOfferedToStaff(page, salon, DOMAIN, {
        path: '/console/services',
        link: 'Services',
        heading: 'Services and prices',
      });
      const refused = await salon.api(
        'POST',
        '/services',
        {
          name: 'Trim',
          slug: 'trim',
          category: 'hair_cut',
          duration_minutes: 15,
          pricing: { base_price: 1 },
        },
        token,
      );
      expect(refused.status).toBe(403);
      await expectAccessible(page);
      expect(cspViolations).toEqual([]);
    },
    STEP_MS,
  );
});
