import type { Page } from 'playwright-core';
import { addSariAsStaffUser, PASSWORD, staffTokenOf, type Salon } from './browser-harness';

/** Steps more than one browser test walks, written once. */

/** The console's sign-in in English; done when the signed-in console shows (its sections or outlets). */
export async function signInToConsole(page: Page, base: string, email: string, path = '/console') {
  await page.goto(`${base}${path}`);
  await page.getByLabel(/^(Language|Bahasa)/).selectOption('en');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * On the payment sandbox's hosted page, where the page under test has sent the browser: pay, and come back
 * to the address the payment's return_url named.
 */
export async function payOnHostedPage(page: Page, back: RegExp): Promise<void> {
  await page.waitForURL(/\/web\/invoices\//, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Pay' }).click();
  // Back once the return address commits: the page under test may rewrite it (the console's plan page drops
  // its `?upgrade=1` marker) before a loaded machine fires `load`, and what it shows is each caller's next check.
  await page.waitForURL(back, { timeout: 60_000, waitUntil: 'commit' });
}

/** A business's public booking page in English (it opens in the business's language), its services shown. */
export async function openBookingPage(page: Page, base: string, slug: string) {
  await page.goto(`${base}/book/${slug}`);
  await page.getByLabel(/^(Language|Bahasa)/).selectOption('en');
  await page.getByRole('heading', { name: 'Choose a service' }).waitFor();
}

/** Signs the console's user out, and `email` in at `path`. */
export async function switchConsoleUser(page: Page, base: string, email: string, path = '/console') {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInToConsole(page, base, email, path);
}

/**
 * Sari's STAFF user, added by the owner, signs in at a section's address: the console offers no link to it and
 * shows the calendar instead of its heading. Returns the user's token, for the caller to see the API refuse it.
 */
export async function expectSectionNotOfferedToStaff(
  page: Page,
  salon: Salon,
  domain: string,
  section: { path: string; link: string; heading: string },
): Promise<string> {
  const email = await addSariAsStaffUser(salon, domain);
  await switchConsoleUser(page, salon.base, email, section.path);
  await page.getByLabel('Outlet').waitFor({ timeout: 120_000 });
  await expect(page.getByRole('link', { name: section.link, exact: true }).count()).resolves.toBe(0);
  await expect(page.getByRole('heading', { name: section.heading, exact: true }).count()).resolves.toBe(0);
  return staffTokenOf(salon, email);
}
