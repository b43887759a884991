import type { TestService } from '@salon/testing';
import { addOutlet, addWorkingHours, bookingBody, newTenant } from './helpers';

/* Steps several suites take: a tenant with an outlet, and on a `bookableSetup` a break or a staff booking. */

/** A fresh tenant (with `newTenant`'s tokens) and one outlet of it. */
export async function tenantWithOutlet(service: TestService) {
  const tenant = newTenant(service);
  const outletId = await addOutlet(service, tenant.tenantId);
  return { ...tenant, outletId };
}

type Setup = Parameters<typeof bookingBody>[0] & { admin: string };

/** A break of the set-up staff member on its date, from `start` to `end` (refused unless created). */
export const addBreak = (service: TestService, setup: Setup, start: string, end: string) =>
  // The extra fields come last in the body, so they turn the working-hours entry into a break.
  addWorkingHours(service, setup.admin, setup.staffId, setup.date, start, end, {
    availability_type: 'break',
  });

/** The tenant admin books `bookingBody(setup, start)` on the staff route; the answer is the caller's to check. */
export const bookAsStaff = (service: TestService, setup: Setup, start?: string) =>
  service.request('POST', '/staff/appointments', { token: setup.admin, body: bookingBody(setup, start) });
