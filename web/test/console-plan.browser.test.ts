import type { Page } from 'playwright-core';
import { waitFor } from '@salon/testing';
import {
  describeInBrowser,
  expectAccessible,
  expectOk,
  PLAN_WAIT,
  salonOnDesktop,
  screenshot as saveScreenshot,
  SETUP_MS,
  STEP_MS,
  type Salon,
} from './browser-harness';
import { payOnHostedPage, expectSectionNotOfferedToStaff, signInToConsole } from './page-steps';

/**
 * The console's plan page in a real browser, against the whole platform started the way `npm start` starts it:
 * the owner of a salon on FREE sees its usage against FREE's limits, upgrades to PRO on the payment sandbox's
 * hosted page, comes back to the page and sees PRO with its raised limits once billing has applied the
 * payment; then ENTERPRISE, whose unlimited limits show as such. A STAFF member is not offered the page. Every screen passes axe-core and breaks no rule of the
 * Content-Security-Policy; the screens are saved under artifacts/screenshots/.
 */
const DOMAIN = 'melati-plan.example';

describeInBrowser('the console’s plan page', () => {
  let salon: Salon;
  let page: Page;
  let cspViolations: string[] = [];
  const screenshot = (name: string) => saveScreenshot(page, name);
  const usageRow = (label: string) => page.locator('.usage-row').filter({ hasText: label });

  salonOnDesktop('Melati Plan Salon', DOMAIN, (opened) => ({ salon, page, cspViolations } = opened));

  beforeAll(async () => {
    // Billing creates the FREE subscription from identity's registration event.
    await waitFor(async () => {
      const current = await salon.api('GET', '/subscriptions/current', undefined, salon.staffToken);
      return current.status === 200;
    }, PLAN_WAIT);
  }, SETUP_MS);

  it(
    'an owner on FREE sees its usage against FREE’s limits and the plans above it',
    async () => {
      await signInToConsole(page, salon.base, `owner@${DOMAIN}`, '/console/plan');
      await page.getByRole('heading', { name: 'Plan and usage' }).waitFor({ timeout: 120_000 });
      await page.getByText('Current plan: Free').waitFor();
      await expect(
        page
          .getByRole('navigation', { name: 'Console sections' })
          .getByRole('link', { name: 'Plan' })
          .getAttribute('aria-current'),
      ).resolves.toBe('page');
      // The read models follow from events: the salon's outlet, Sari and the haircut.
      await usageRow('Outlets').getByText('1 of 1 · 100 % · At the limit').waitFor({ timeout: 30_000 });
      await usageRow('Staff per outlet')
        .getByText('1 of 5 · 20 % · Within the limit')
        .waitFor({ timeout: 30_000 });
      await usageRow('Services').getByText('1 of 10 · 10 % · Within the limit').waitFor({ timeout: 30_000 });
      await usageRow('Appointments this month').getByText('0 of 100').waitFor();
      await expect(page.getByRole('meter', { name: 'Outlets' }).getAttribute('value')).resolves.toBe('1');
      const pro = page.getByRole('article', { name: 'Pro' });
      await pro.getByText(/Rp\s?599,000 a month/).waitFor();
      await pro.getByText('10 outlets · 50 staff per outlet · 50 services').waitFor();
      await page
        .getByRole('article', { name: 'Free' })
        .getByText('1 outlet · 5 staff per outlet · 10 services')
        .waitFor();
      await page
        .getByRole('article', { name: 'Enterprise' })
        .getByText('unlimited outlets · unlimited staff per outlet · unlimited services')
        .waitFor();
      await expect(
        page.getByRole('article', { name: 'Free' }).getByText('Your plan').isVisible(),
      ).resolves.toBe(true);
      await expectAccessible(page);
      await screenshot('console-plan-free');
    },
    STEP_MS,
  );

  it(
    'upgrades to PRO on the hosted page, comes back, and sees PRO with the raised limits',
    async () => {
      await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await payOnHostedPage(page, /\/console\/plan\?upgrade=1$/);
      await page.getByText('Your plan is now Pro.').waitFor({ timeout: PLAN_WAIT.timeoutMs });
      await page.getByText('Current plan: Pro').waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).search).toBe('');
      await usageRow('Outlets').getByText('1 of 10 · 10 % · Within the limit').waitFor({ timeout: 30_000 });
      await usageRow('Staff per outlet').getByText('1 of 50 · 2 % · Within the limit').waitFor();
      await usageRow('Services').getByText('1 of 50 · 2 % · Within the limit').waitFor();
      await usageRow('Appointments this month').getByText('0 of 2000').waitFor();
      await expect(
        page.getByRole('article', { name: 'Pro' }).getByText('Your plan').isVisible(),
      ).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Upgrade to Pro' }).count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Upgrade to Enterprise' }).waitFor();
      const current = await expectOk(salon.api('GET', '/subscriptions/current', undefined, salon.staffToken));
      expect(current.plan_type).toBe('PRO');
      await expectAccessible(page);
      await screenshot('console-plan-pro');
    },
    STEP_MS,
  );

  it(
    'on to ENTERPRISE: unlimited usage is shown as such, with no bar',
    async () => {
      await page.getByRole('button', { name: 'Upgrade to Enterprise' }).click();
      await payOnHostedPage(page, /\/console\/plan\?upgrade=1$/);
      await page.getByText('Your plan is now Enterprise.').waitFor({ timeout: PLAN_WAIT.timeoutMs });
      await usageRow('Outlets').getByText('1 · unlimited · Unlimited').waitFor({ timeout: 30_000 });
      await usageRow('Services').getByText('1 · unlimited · Unlimited').waitFor();
      await expect(page.getByRole('meter').count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: /^Upgrade to/ }).count()).resolves.toBe(0);
      await expectAccessible(page);
    },
    STEP_MS,
  );

  it(
    'a STAFF member, whom the API refuses an upgrade, is not offered the page',
    async () => {
      const token = await expectSectionNotOfferedToStaff(page, salon, DOMAIN, {
        path: '/console/plan',
        link: 'Plan',
        heading: 'Plan and usage',
      });
      const refused = await salon.api('POST', '/subscriptions/upgrade', { target_plan: 'enterprise' }, token);
      expect(refused.status).toBe(403);
      expect(cspViolations).toEqual([]);
    },
    STEP_MS,
  );
});
