import { localDate, waitFor } from '@salon/testing';
import { payInvoicePage } from './sandbox-client';
import type { SecurityPlatform } from './security-platform';
import { expectStatus, registerBusiness, registerCustomer } from './security-tenants';

/** One outlet's records: what a route at that outlet reads or changes, one record per changing route. */
export interface OutletRecords {
  outlet_id: string;
  /** A staff member with pay fields, working 09:00–18:00 on `day`. */
  staff_id: string;
  staff_name: string;
  hourly_rate: number;
  salary: number;
  /** Blocked entries of that staff member on `day`: one to change, one to delete. */
  entry_to_change: string;
  entry_to_delete: string;
  /** Pending appointments of that staff member on `day`: one to read, one each to reschedule, cancel, confirm. */
  appointment_to_read: string;
  appointment_to_reschedule: string;
  appointment_to_cancel: string;
  appointment_to_confirm: string;
  /** The customer's review of the service of a completed appointment there (14:00), for a reply. */
  review_to_reply: string;
}

export interface TwoOutletTenant {
  tenantId: string;
  ownerToken: string;
  /** The local date (Asia/Jakarta) everything is booked and blocked on, five days ahead. */
  day: string;
  service_id: string;
  customer_id: string;
  a: OutletRecords;
  b: OutletRecords;
  /** Staff users bound to outlet A (token `outlet_ids: [A]`); the manager is linked to A's staff member. */
  tokensAtA: { OUTLET_MANAGER: string; STAFF: string; RECEPTIONIST: string };
}

const PASSWORD = 'Secret123';
const WAIT = { timeoutMs: 20_000 };

/**
 * A tenant on PRO (two outlets need it: the upgrade invoice is paid on the provider sandbox's page) with outlets A
 * (its first) and B, each with a staff member, availability and appointments (`OutletRecords`), a service and a
 * customer; plus an OUTLET_MANAGER, a STAFF and a RECEPTIONIST of outlet A.
 */
export async function seedTwoOutletTenant(
  platform: SecurityPlatform,
  label: string,
): Promise<TwoOutletTenant> {
  const { call } = platform;
  const business = await registerBusiness(platform, label);
  const owner = business.ownerToken;
  const as = (body?: unknown) => ({ token: owner, body });

  // Billing opens the subscription from identity's registered event: on a busy machine it may not be there yet.
  const subscribed = await waitFor(async () => {
    const attempt = await call('POST', '/subscriptions/upgrade', as({ target_plan: 'pro' }));
    return attempt.status !== 404 && attempt;
  }, WAIT);
  const upgrade = await expectStatus(Promise.resolve(subscribed), 'upgrade to PRO');
  await payInvoicePage(upgrade.invoice.gateway_payment_url ?? upgrade.invoice.gateway_invoice_url);
  const outlets = await expectStatus(call('GET', '/outlets', as()), 'outlets');
  const outletA = outlets.items[0].id as string;
  // The paid callback goes gateway → commerce → billing; identity's plan replica then allows a second outlet.
  const outletB = await waitFor(async () => {
    const created = await call('POST', '/outlets', as({ name: `Branch ${label}`, address: 'Jl. Kemang 2' }));
    return created.status === 201 ? (created.body.id as string) : undefined;
  }, WAIT);

  const service = await expectStatus(
    call(
      'POST',
      '/services',
      as({
        name: `Outlet Cut ${label}`,
        slug: `outlet-cut-${label.toLowerCase()}`,
        category: 'hair_cut',
        duration_minutes: 30,
        pricing: { base_price: '150000', currency: 'IDR' },
      }),
    ),
    'service',
  );
  const { login: customer } = await registerCustomer(
    platform,
    business.slug,
    `customer-${label.toLowerCase()}@outlets.example`,
    `Client${label}`,
  );
  const profile = await expectStatus(
    call('GET', '/customers/profile', { token: customer.access_token }),
    'profile',
  );
  const day = localDate('Asia/Jakarta', 5);

  const recordsAt = async (outletId: string, name: string, pay: { hourly_rate: number; salary: number }) => {
    // Scheduling learns of outlet B by event: retry until its replica has it.
    const staff = await waitFor(async () => {
      const created = await call(
        'POST',
        '/staff',
        as({
          outlet_id: outletId,
          first_name: name,
          last_name: 'Dewi',
          email: `${name.toLowerCase()}-${label.toLowerCase()}@outlets.example`,
          position: 'Senior Provider',
          employment_type: 'full_time',
          ...pay,
        }),
      );
      return created.status === 201 ? created.body : undefined;
    }, WAIT);
    const entry = (start: string, end: string, availability_type = 'blocked') =>
      expectStatus(
        call(
          'POST',
          '/availability',
          as({ staff_id: staff.id, date: day, start_time: start, end_time: end, availability_type }),
        ),
        `availability ${start}`,
      );
    await entry('09:00', '18:00', 'working_hours');
    const [toChange, toDelete] = [await entry('17:00', '17:30'), await entry('17:30', '18:00')];
    // The service and the customer reach scheduling by event: book once they have arrived.
    const book = (start: string) =>
      waitFor(async () => {
        const booked = await call(
          'POST',
          '/staff/appointments',
          as({
            outlet_id: outletId,
            customer_id: profile.id,
            appointment_date: day,
            start_time: start,
            services: [{ service_id: service.id, staff_id: staff.id }],
          }),
        );
        return booked.status === 201 ? (booked.body.id as string) : undefined;
      }, WAIT);
    const appointments = [];
    for (const start of ['09:00', '09:30', '10:00', '10:30']) appointments.push(await book(start));
    const [read, reschedule, cancel, confirm] = appointments as [string, string, string, string];
    const reviewed = await book('14:00');
    for (const status of ['confirmed', 'completed'])
      await expectStatus(
        call('PUT', `/appointments/${reviewed}/status`, as({ status })),
        `appointment ${status}`,
      );
    const review = await expectStatus(
      call('POST', `/customer/appointments/${reviewed}/reviews`, {
        token: customer.access_token,
        body: { service_id: service.id, rating: 4 },
      }),
      'review',
    );
    return {
      outlet_id: outletId,
      staff_id: staff.id as string,
      staff_name: name,
      ...pay,
      entry_to_change: toChange.id as string,
      entry_to_delete: toDelete.id as string,
      appointment_to_read: read,
      appointment_to_reschedule: reschedule,
      appointment_to_cancel: cancel,
      appointment_to_confirm: confirm,
      review_to_reply: review.id as string,
    };
  };
  const [a, b] = await Promise.all([
    recordsAt(outletA, `Ayu${label}`, { hourly_rate: 85000, salary: 6500000 }),
    recordsAt(outletB, `Bayu${label}`, { hourly_rate: 123457, salary: 9876543 }),
    // Catalog learns of PRO (outlet pricing) by event too: ready once it prices outlet A.
    waitFor(async () => {
      const priced = await call(
        'POST',
        `/services/${service.id}/pricing`,
        as({ outlet_prices: { [outletA]: '150000' } }),
      );
      return priced.status === 200;
    }, WAIT),
  ]);

  const userAtA = async (role: 'OUTLET_MANAGER' | 'STAFF' | 'RECEPTIONIST', staffId?: string) => {
    const email = `${role.toLowerCase()}-${label.toLowerCase()}@outlets.example`;
    await expectStatus(
      call(
        'POST',
        '/users',
        as({
          email,
          password: PASSWORD,
          first_name: role,
          last_name: label,
          role,
          outlet_ids: [outletA],
          ...(staffId ? { staff_id: staffId } : {}),
        }),
      ),
      `user ${role}`,
    );
    const login = await expectStatus(
      call('POST', '/auth/login', { body: { email, password: PASSWORD } }),
      role,
    );
    return login.access_token as string;
  };
  const [manager, staff, receptionist] = await Promise.all([
    userAtA('OUTLET_MANAGER', a.staff_id),
    userAtA('STAFF'),
    userAtA('RECEPTIONIST'),
  ]);

  return {
    tenantId: business.tenantId,
    ownerToken: owner,
    day,
    service_id: service.id,
    customer_id: profile.id,
    a,
    b,
    tokensAtA: { OUTLET_MANAGER: manager, STAFF: staff, RECEPTIONIST: receptionist },
  };
}
