import type { Page } from 'playwright-core';
import {
  describeInBrowser,
  expectAccessible,
  expectOk,
  salonOnDesktop,
  screenshot as saveScreenshot,
  STEP_MS,
  type Salon,
} from './browser-harness';
import { expectSectionNotOfferedToStaff, signInToConsole } from './page-steps';

/**
 * The console's business settings in a real browser, against the whole platform started the way `npm start`
 * starts it: the owner changes the business's name, phone and cancellation notice (only those are sent), sets
 * the business language to Indonesian and sees the console follow, sees a refused e-mail change nothing, edits
 * the outlet's address and phone, and is told the FREE plan allows no second outlet. A STAFF member is not
 * offered the page. Every screen passes axe-core and breaks no rule of the Content-Security-Policy; the
 * screens are saved under artifacts/screenshots/.
 */
const DOMAIN = 'kenanga-settings.example';

describeInBrowser('the console’s settings page', () => {
  let salon: Salon;
  let page: Page;
  let cspViolations: string[] = [];
  const screenshot = (name: string) => saveScreenshot(page, name);
  const readTenant = () =>
    expectOk(salon.api('GET', `/tenants/${salon.tenantId}`, undefined, salon.staffToken));
  const business = () => page.getByRole('region', { name: 'Business', exact: true });
  const outlets = () => page.getByRole('region', { name: 'Outlets', exact: true });

  salonOnDesktop('Kenanga Settings Salon', DOMAIN, (opened) => ({ salon, page, cspViolations } = opened));

  it(
    'the owner changes the name, phone and cancellation notice; only those are sent, and the API has them',
    async () => {
      await signInToConsole(page, salon.base, `owner@${DOMAIN}`, '/console/settings');
      await page.getByRole('heading', { name: 'Business settings' }).waitFor({ timeout: 120_000 });
      await business().getByLabel('Business name').fill('Kenanga Day Spa');
      await business().getByLabel('Phone').fill('+6281298765432');
      await business().getByLabel('Cancellation notice (hours)').fill('48');
      await expectAccessible(page);
      await screenshot('console-settings');
      const sent = page.waitForRequest(
        (request) => request.method() === 'PUT' && request.url().endsWith(`/tenants/${salon.tenantId}`),
      );
      await business().getByRole('button', { name: 'Save the business' }).click();
      expect((await sent).postDataJSON()).toEqual({
        name: 'Kenanga Day Spa',
        phone: '+6281298765432',
        settings: { cancellation_hours: 48 },
      });
      await business().getByText('The business is saved.').waitFor();
      await page.getByText('Kenanga Day Spa · Ayu Lestari, Owner').waitFor();
      const tenant = await readTenant();
      expect(tenant).toMatchObject({
        name: 'Kenanga Day Spa',
        phone: '+6281298765432',
        email: `hello@${DOMAIN}`,
        settings: { cancellation_hours: 48 },
      });
    },
    STEP_MS,
  );

  it(
    'sets the business language to English, then Indonesian, and the console follows; then back to English',
    async () => {
      // A new business speaks Indonesian; the console is in English only because the sign-in picked it.
      await expect(readTenant()).resolves.toMatchObject({ settings: { language: 'id' } });
      await business().getByLabel('Business language').selectOption('en');
      await business().getByRole('button', { name: 'Save the business' }).click();
      await business().getByText('The business is saved.').waitFor();
      await expect(readTenant()).resolves.toMatchObject({ settings: { language: 'en' } });

      await business().getByLabel('Business language').selectOption('id');
      await business().getByRole('button', { name: 'Save the business' }).click();
      await page.getByRole('heading', { name: 'Pengaturan usaha' }).waitFor();
      await page.getByRole('link', { name: 'Pengaturan', exact: true }).waitFor();
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('id');
      await expect(readTenant()).resolves.toMatchObject({ settings: { language: 'id' } });
      await expectAccessible(page);

      const usaha = page.getByRole('region', { name: 'Usaha', exact: true });
      await usaha.getByLabel('Bahasa usaha').selectOption('en');
      await usaha.getByRole('button', { name: 'Simpan usaha' }).click();
      await page.getByRole('heading', { name: 'Business settings' }).waitFor();
      await expect(readTenant()).resolves.toMatchObject({ settings: { language: 'en' } });
    },
    STEP_MS,
  );

  it(
    'an e-mail the API refuses shows its message, and nothing changes',
    async () => {
      const before = await readTenant();
      await business().getByLabel('E-mail').fill('not-an-e-mail');
      await business().getByRole('button', { name: 'Save the business' }).click();
      const alert = business().getByRole('alert');
      await alert.waitFor();
      await expect(alert.textContent()).resolves.toMatch(/^E-mail: \S/);
      await expect(business().getByLabel('E-mail').inputValue()).resolves.toBe('not-an-e-mail');
      const after = await readTenant();
      expect(after).toMatchObject({ email: `hello@${DOMAIN}`, updated_at: before.updated_at });
      await business().getByLabel('E-mail').fill(`hello@${DOMAIN}`);
    },
    STEP_MS,
  );

  it(
    'edits the outlet’s address and phone, and the API has them',
    async () => {
      const outlet = await expectOk(
        salon.api('GET', `/outlets/${salon.outletId}`, undefined, salon.staffToken),
      );
      await outlets()
        .getByRole('button', { name: `Edit ${outlet.name}` })
        .click();
      const form = page.getByRole('region', { name: `Edit ${outlet.name}` });
      await form.getByLabel('Address').fill('Jl. Kenanga 12, Denpasar');
      await form.getByLabel('Phone').fill('+6281311112222');
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Save outlet' }).click();
      await outlets().getByText(`${outlet.name} is saved.`).waitFor();
      await outlets()
        .getByText(/Jl\. Kenanga 12, Denpasar · \+6281311112222/)
        .waitFor();
      const edited = await expectOk(
        salon.api('GET', `/outlets/${salon.outletId}`, undefined, salon.staffToken),
      );
      expect(edited).toMatchObject({
        address: 'Jl. Kenanga 12, Denpasar',
        phone: '+6281311112222',
        is_active: true,
      });
    },
    STEP_MS,
  );

  it(
    'a second outlet on the FREE plan is refused with the API’s message',
    async () => {
      await outlets().getByRole('button', { name: 'Add an outlet' }).click();
      const form = page.getByRole('region', { name: 'New outlet' });
      await form.getByLabel('Outlet name').fill('Kenanga Sanur');
      await form.getByRole('button', { name: 'Add outlet' }).click();
      const alert = form.getByRole('alert');
      await alert.waitFor();
      const refused = await salon.api('POST', '/outlets', { name: 'Kenanga Sanur' }, salon.staffToken);
      expect(refused.status).toBe(402);
      await expect(alert.textContent()).resolves.toBe(refused.body.detail);
      await expect(form.getByLabel('Outlet name').inputValue()).resolves.toBe('Kenanga Sanur');
      const listed = await expectOk(salon.api('GET', '/outlets', undefined, salon.staffToken));
      expect(listed.items).toHaveLength(1);
      await expectAccessible(page);
      await screenshot('console-settings-outlets');
      await form.getByRole('button', { name: 'Close' }).click();
    },
    STEP_MS,
  );

  it(
    'a STAFF member, whom the API refuses tenant changes, is not offered the page',
    async () => {
      const token = await expectSectionNotOfferedToStaff(page, salon, DOMAIN, {
        path: '/console/settings',
        link: 'Settings',
        heading: 'Business settings',
      });
      const refused = await salon.api('PUT', `/tenants/${salon.tenantId}`, { name: 'Taken over' }, token);
      expect(refused.status).toBe(403);
      await expect(readTenant()).resolves.toMatchObject({ name: 'Kenanga Day Spa' });
      expect(cspViolations).toEqual([]);
    },
    STEP_MS,
  );
});
