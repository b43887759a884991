import type { Page } from 'playwright-core';
import { waitFor } from '@salon/testing';
import {
  describeInBrowser,
  expectAccessible,
  expectOk,
  salonOnDesktop,
  screenshot as saveScreenshot,
  SETUP_MS,
  STEP_MS,
  WAIT,
  type Salon,
} from './browser-harness';
import { expectSectionNotOfferedToStaff, signInToConsole } from './page-steps';

/**
 * The console's team page in a real browser, against the whole platform started the way `npm start` starts it:
 * the owner adds a staff member who performs the haircut, gives her next week's hours and a break, and the
 * public availability follows (no slot in the break, slots in the hours); a day off leaves that day with no
 * slot, a deleted break gives its time back, and an edit and a deactivation reach the API. A STAFF member is
 * not offered the page. Every screen passes axe-core and breaks no rule of the Content-Security-Policy; the
 * screens are saved under artifacts/screenshots/.
 */
const DOMAIN = 'cempaka-team.example';

describeInBrowser('the console’s team page', () => {
  let salon: Salon;
  let page: Page;
  let cspViolations: string[] = [];
  let rinaId: string;
  /** Next week's Wednesday (the break) and Thursday (the day off), in the salon's calendar. */
  let wednesday: string;
  let thursday: string;
  const screenshot = (name: string) => saveScreenshot(page, name);

  /** The start times the public booking page offers with Rina on `date` for the haircut. */
  const offeredWithRina = async (date: string): Promise<string[]> => {
    const grid = (
      await expectOk(
        salon.api(
          'GET',
          `/public/tenants/${salon.slug}/availability?outlet_id=${salon.outletId}` +
            `&service_id=${salon.serviceId}&start_date=${date}&num_days=1`,
        ),
      )
    ).availability_grid as Record<
      string,
      Array<{ start_time: string; staff_id: string; is_available: boolean }>
    >;
    return (grid[date] ?? [])
      .filter((slot) => slot.staff_id === rinaId && slot.is_available)
      .map((slot) => slot.start_time);
  };

  salonOnDesktop('Cempaka Team Salon', DOMAIN, (opened) => ({ salon, page, cspViolations } = opened));

  // Once the salon is up: next week's Wednesday and Thursday, in its calendar.
  beforeAll(async () => {
    // Monday is weekday 0 in the API, as on the page.
    const today = salon.day(0);
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    wednesday = salon.day(7 - weekday + 2);
    thursday = salon.day(7 - weekday + 3);
  }, SETUP_MS);

  it(
    'the owner adds a staff member who performs the haircut and sees her listed',
    async () => {
      await signInToConsole(page, salon.base, `owner@${DOMAIN}`, '/console/team');
      await page.getByRole('heading', { name: 'Team', exact: true }).waitFor({ timeout: 120_000 });
      await expect(
        page
          .getByRole('navigation', { name: 'Console sections' })
          .getByRole('link', { name: 'Team' })
          .getAttribute('aria-current'),
      ).resolves.toBe('page');
      const staffList = page.getByRole('list', { name: 'Staff members' });
      await staffList.getByText('Sari Dewi', { exact: true }).waitFor();
      await expectAccessible(page);

      const form = page.getByRole('form', { name: 'Add a staff member' });
      await form.getByLabel('First name').fill('Rina');
      await form.getByLabel('Last name').fill('Wati');
      await form.getByLabel('E-mail').fill(`rina@${DOMAIN}`);
      await form.getByLabel('Position').fill('Colourist');
      await form.getByLabel('Employment type').selectOption('part_time');
      await form.getByRole('checkbox', { name: 'Haircut' }).check();
      await form.getByRole('button', { name: 'Add staff member' }).click();
      await page.getByText('Rina Wati is added.').waitFor();
      await staffList.getByText('Rina Wati', { exact: true }).waitFor();

      const listed = await expectOk(
        salon.api('GET', `/staff?outlet_id=${salon.outletId}`, undefined, salon.staffToken),
      );
      const rina = listed.items.find((member: { email: string }) => member.email === `rina@${DOMAIN}`);
      expect(rina).toMatchObject({
        first_name: 'Rina',
        position: 'Colourist',
        employment_type: 'part_time',
        status: 'active',
      });
      expect(rina.skills.service_ids).toEqual([salon.serviceId]);
      rinaId = rina.id;
      await screenshot('console-team-staff');
    },
    STEP_MS,
  );

  it(
    'sets her hours for next week and a break; the public availability follows',
    async () => {
      await page.getByRole('button', { name: 'Hours of Rina Wati' }).click();
      const hours = page.getByRole('region', { name: 'Working hours, breaks and time off: Rina Wati' });
      await hours.getByRole('button', { name: 'Next week' }).click();
      await hours.getByText('Not working.').first().waitFor();

      const work = hours.getByRole('form', { name: 'Add working hours' });
      await work.getByLabel('Day').selectOption('week');
      await work.getByLabel('From').fill('09:00');
      await work.getByLabel('Until').fill('17:00');
      await work.getByRole('button', { name: 'Add hours' }).click();
      await hours.getByText('7 entries added.').waitFor();
      // The notice comes before the week is read again: wait for the seventh entry, then count them.
      const workingHours = hours.getByText(/^Working hours 09:00 \S+ – 17:00 \S+$/);
      await workingHours.nth(6).waitFor();
      await expect(workingHours.count()).resolves.toBe(7);

      const pause = hours.getByRole('form', { name: 'Add a break' });
      await pause.getByLabel('Day').selectOption(wednesday);
      await pause.getByLabel('From').fill('12:00');
      await pause.getByLabel('Until').fill('13:00');
      await pause.getByRole('button', { name: 'Add break' }).click();
      await hours.getByText('1 entry added.').waitFor();
      await hours.getByText(/^Break 12:00 \S+ – 13:00 \S+$/).waitFor();
      await expectAccessible(page);
      await screenshot('console-team-hours');

      await waitFor(async () => {
        const offered = await offeredWithRina(wednesday);
        return offered.includes('10:00') && !offered.includes('12:00') && !offered.includes('12:30');
      }, WAIT);
    },
    STEP_MS,
  );

  it(
    'a day off leaves that day with no slot',
    async () => {
      const hours = page.getByRole('region', { name: 'Working hours, breaks and time off: Rina Wati' });
      await waitFor(async () => (await offeredWithRina(thursday)).includes('10:00'), WAIT);
      const off = hours.getByRole('form', { name: 'Add time off (whole days)' });
      await off.getByLabel('First day').fill(thursday);
      await off.getByLabel('Last day').fill(thursday);
      await off.getByRole('button', { name: 'Add time off' }).click();
      await hours.getByText('Time off, whole day', { exact: true }).waitFor();
      await waitFor(async () => (await offeredWithRina(thursday)).length === 0, WAIT);
      const entries = await expectOk(
        salon.api(
          'GET',
          `/availability?staff_id=${rinaId}&start_date=${thursday}&end_date=${thursday}`,
          undefined,
          salon.staffToken,
        ),
      );
      expect(
        entries.items.map((entry: { availability_type: string }) => entry.availability_type).sort(),
      ).toEqual(['vacation', 'working_hours']);
    },
    STEP_MS,
  );

  it(
    'deletes the break, and its time is offered again',
    async () => {
      const hours = page.getByRole('region', { name: 'Working hours, breaks and time off: Rina Wati' });
      await hours.getByRole('button', { name: /^Delete Break 12:00 \S+ – 13:00 \S+ on Wed/ }).click();
      await hours.getByText('The entry is deleted.').waitFor();
      await expect(hours.getByText(/^Break 12:00 \S+ – 13:00 \S+$/).count()).resolves.toBe(0);
      await waitFor(async () => (await offeredWithRina(wednesday)).includes('12:00'), WAIT);
    },
    STEP_MS,
  );

  it(
    'edits her position, then deactivates her',
    async () => {
      await page.getByRole('button', { name: 'Edit Rina Wati' }).click();
      const form = page.getByRole('form', { name: 'Edit Rina Wati' });
      await expect(form.getByLabel('E-mail').inputValue()).resolves.toBe(`rina@${DOMAIN}`);
      await expect(form.getByRole('checkbox', { name: 'Haircut' }).isChecked()).resolves.toBe(true);
      await form.getByLabel('Position').fill('Senior colourist');
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Rina Wati is saved.').waitFor();
      await page.getByRole('list', { name: 'Staff members' }).getByText('Senior colourist').waitFor();
      const edited = await expectOk(salon.api('GET', `/staff/${rinaId}`, undefined, salon.staffToken));
      expect(edited.position).toBe('Senior colourist');

      await page.getByRole('button', { name: 'Deactivate Rina Wati' }).click();
      await page.getByText('Rina Wati is deactivated and can no longer be booked.').waitFor();
      await page.getByRole('button', { name: 'Reactivate Rina Wati' }).waitFor();
      const deactivated = await expectOk(salon.api('GET', `/staff/${rinaId}`, undefined, salon.staffToken));
      expect(deactivated.status).toBe('inactive');
      await expectAccessible(page);
      await screenshot('console-team-edited');
    },
    STEP_MS,
  );

  it(
    'a STAFF member, whom the API refuses staff changes, is not offered the page',
    async () => {
      const token = await expectSectionNotOfferedToStaff(page, salon, DOMAIN, {
        path: '/console/team',
        link: 'Team',
        heading: 'Team',
      });
      const refused = await salon.api('PUT', `/staff/${rinaId}`, { position: 'Owner' }, token);
      expect(refused.status).toBe(403);
      expect(cspViolations).toEqual([]);
    },
    STEP_MS,
  );
});
