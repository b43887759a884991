import { localDate, waitFor, type TestResponse } from '@salon/testing';
import type { Platform } from './platform';

/*
 * The journeys' steps as plain functions (no jest): the journeys and the end-to-end benchmark share them.
 */

/** What the journeys learn about the business of journey 1 and its customers as they go. */
export interface Business {
  tenantId: string;
  slug: string;
  timezone: string;
  adminEmail: string;
  token: string;
  outletId: string;
  haircutId: string;
  spaId: string;
  staffId: string;
  staffEmail: string;
  packageId: string;
  appointmentId: string;
  customers: Record<string, Customer | undefined>;
}

export interface Customer {
  id: string;
  email: string;
  password: string;
  token: string;
}

const PASSWORD = 'Secret123';

/** The answer's body when its status is the expected one; otherwise an error that shows the body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- callers read JSON bodies of many shapes
export function expectStatus<T = any>(response: TestResponse<T>, status: number): T {
  if (response.status !== status)
    throw new Error(`Expected HTTP ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Journeys import the tenant-local date with their other steps. */
export { localDate };

/**
 * Public registration and the admin's sign-in; the tenant's time zone comes from its settings. A second business
 * on the same platform needs its own phone.
 */
export async function registerBusiness(
  platform: Platform,
  name: string,
  phone = '+6281234567890',
): Promise<Business> {
  const handle = name.toLowerCase();
  const adminEmail = `admin@${handle}.example`;
  const registered = expectStatus(
    await platform.request('POST', '/public/register', {
      body: {
        business_name: name,
        business_email: `owner@${handle}.example`,
        business_phone: phone,
        business_type: 'salon',
        admin_first_name: 'Ayu',
        admin_last_name: 'Lestari',
        admin_email: adminEmail,
        admin_password: PASSWORD,
        terms_accepted: true,
        privacy_accepted: true,
      },
    }),
    201,
  );
  const login = expectStatus(
    await platform.request('POST', '/auth/login', { body: { email: adminEmail, password: PASSWORD } }),
    200,
  );
  const tenant = expectStatus(
    await platform.request('GET', `/tenants/${registered.tenant_id}`, { token: login.access_token }),
    200,
  );
  return {
    tenantId: registered.tenant_id,
    slug: registered.slug,
    timezone: tenant.settings.timezone,
    adminEmail,
    token: login.access_token,
    outletId: '',
    haircutId: '',
    spaId: '',
    staffId: '',
    staffEmail: '',
    packageId: '',
    appointmentId: '',
    customers: {},
  };
}

/** A customer registers with the business and logs in. */
export async function registerCustomer(
  platform: Platform,
  business: Business,
  email: string,
  firstName: string,
): Promise<Customer> {
  const registered = expectStatus(
    await platform.request('POST', '/customer/auth/register', {
      body: {
        email,
        password: PASSWORD,
        first_name: firstName,
        last_name: 'Putri',
        tenant_slug: business.slug,
      },
    }),
    201,
  );
  if (registered.email !== email || registered.email_verification_required !== true)
    throw new Error(`Unexpected registration answer: ${JSON.stringify(registered)}`);
  return {
    id: registered.customer_id,
    email,
    password: PASSWORD,
    token: await customerLogin(platform, email),
  };
}

export async function customerLogin(platform: Platform, email: string): Promise<string> {
  const login = expectStatus(
    await platform.request('POST', '/customer/auth/login', { body: { email, password: PASSWORD } }),
    200,
  );
  return login.access_token;
}

/** The staff fields a journey chooses; the rest (position, employment type) are the same for every journey. */
export interface StaffFields {
  outlet_id: string;
  first_name: string;
  last_name: string;
  email: string;
  service_ids: string[];
}

/**
 * Adds a staff member qualified for `service_ids`, retried until catalog's service events (and billing's plan)
 * have reached scheduling: until then the skills name services scheduling does not know yet.
 */
export async function addStaff(
  platform: Platform,
  token: string,
  { service_ids, ...fields }: StaffFields,
  timeoutMs = 30_000,
): Promise<{ id: string }> {
  let refused: unknown;
  return waitFor(
    async () => {
      const created = await platform.request('POST', '/staff', {
        token,
        body: { ...fields, position: 'Stylist', employment_type: 'full_time', skills: { service_ids } },
      });
      refused = created.body;
      return created.status === 201 && (created.body as { id: string });
    },
    { timeoutMs, intervalMs: 100 },
  ).catch((error: unknown) => {
    throw new Error(`Staff ${fields.email} was refused: ${JSON.stringify(refused)}`, { cause: error });
  });
}

/** Working hours 09:00–17:00 every day from today for `days` days: one weekly pattern on all seven weekdays. */
export async function addDailyHours(
  platform: Platform,
  token: string,
  staff: { id: string; timezone: string },
  days: number,
): Promise<{ summary: { total_entries_created: number } }> {
  return expectStatus(
    await platform.request('POST', '/availability', {
      token,
      body: {
        staff_id: staff.id,
        date: localDate(staff.timezone, 0),
        start_time: '09:00',
        end_time: '17:00',
        availability_type: 'working_hours',
        recurrence_type: 'weekly',
        recurrence_days: [0, 1, 2, 3, 4, 5, 6],
        recurrence_end_date: localDate(staff.timezone, days - 1),
      },
    }),
    201,
  );
}

/** The business's first outlet (registration makes one), with its time zone. */
export async function firstOutlet(
  platform: Platform,
  business: Business,
): Promise<{ id: string; timezone: string }> {
  return expectStatus(await platform.request('GET', '/outlets', { token: business.token }), 200).items[0];
}

/** A 60-minute "Cut and style" at 150,000 IDR: the service the feature journeys book. */
export async function addCutAndStyle(platform: Platform, business: Business): Promise<string> {
  return expectStatus(
    await platform.request('POST', '/services', {
      token: business.token,
      body: {
        name: 'Cut and style',
        slug: 'cut-and-style',
        category: 'hair_cut',
        duration_minutes: 60,
        pricing: { base_price: '150000', currency: 'IDR' },
      },
    }),
    201,
  ).id as string;
}

/** The staff member works 09:00–17:00 on `date` (one entry). */
export async function addWorkingDay(
  platform: Platform,
  business: Business,
  staffId: string,
  date: string,
): Promise<void> {
  expectStatus(
    await platform.request('POST', '/availability', {
      token: business.token,
      body: {
        staff_id: staffId,
        date,
        start_time: '09:00',
        end_time: '17:00',
        availability_type: 'working_hours',
      },
    }),
    201,
  );
}

export interface StaffBooking {
  outletId: string;
  customerId: string;
  date: string;
  start: string;
  serviceId: string;
  staffId: string;
}

/**
 * The staff flow books one service for a customer, retried until the customer's and the service's replicas
 * have reached scheduling; the appointment's id.
 */
export function staffBooks(platform: Platform, business: Business, slot: StaffBooking): Promise<string> {
  return waitFor(
    async () => {
      const answer = await platform.request('POST', '/staff/appointments', {
        token: business.token,
        body: {
          outlet_id: slot.outletId,
          customer_id: slot.customerId,
          appointment_date: slot.date,
          start_time: slot.start,
          services: [{ service_id: slot.serviceId, staff_id: slot.staffId }],
        },
      });
      return answer.status === 201 && (answer.body.id as string);
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
}
