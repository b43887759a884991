import { localDate, waitFor } from '@salon/testing';
import type { Role } from '@salon/service-kit';
import type { SecurityPlatform, SecurityResponse } from './security-platform';

/** Path parameters of the routing table, filled with one real record of the tenant. */
export type PathIds = Record<
  | 'tenant_id'
  | 'user_id'
  | 'outlet_id'
  | 'customer_id'
  | 'service_id'
  | 'staff_id'
  | 'availability_id'
  | 'appointment_id'
  | 'package_id'
  | 'customer_package_id'
  | 'slug',
  string
>;

export interface SeededTenant {
  name: string;
  slug: string;
  ids: PathIds;
  ownerToken: string;
  ownerRefreshToken: string;
  customerToken: string;
  customerRefreshToken: string;
  /** Access tokens of staff users of this tenant, one per tenant-bound role. */
  roleTokens: Partial<Record<Role, string>>;
  /** How the owner and the customer sign in again, once a logout has ended their sessions. */
  ownerCredentials: { email: string; password: string };
  customerCredentials: { email: string; password: string; tenant_slug: string };
  /** Every id and name of this tenant that another tenant must never see. */
  secrets: string[];
}

const PASSWORD = 'Secret123';

/** The body of a successful response; anything else stops the seeding with what went wrong. */
export async function expectStatus(response: Promise<SecurityResponse>, what: string) {
  const done = await response;
  if (done.status >= 300) throw new Error(`${what} → ${done.status} ${JSON.stringify(done.body)}`);
  return done.body;
}

export interface RegisteredBusiness {
  name: string;
  slug: string;
  tenantId: string;
  userId: string;
  credentials: { email: string; password: string };
  ownerToken: string;
  refreshToken: string;
}

/** A business registered through the public API, and its owner (TENANT_ADMIN) signed in. */
export async function registerBusiness(
  platform: SecurityPlatform,
  label: string,
): Promise<RegisteredBusiness> {
  const name = `Secret Salon ${label}`;
  const credentials = { email: `owner-${label.toLowerCase()}@security.example`, password: PASSWORD };
  const registered = await expectStatus(
    platform.call('POST', '/public/register', {
      body: {
        business_name: name,
        business_email: `business-${label.toLowerCase()}@security.example`,
        business_phone: `+62812${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        business_type: 'salon',
        admin_first_name: `Owner${label}`,
        admin_last_name: 'Lestari',
        admin_email: credentials.email,
        admin_password: PASSWORD,
        terms_accepted: true,
        privacy_accepted: true,
      },
    }),
    `register ${label}`,
  );
  const owner = await expectStatus(
    platform.call('POST', '/auth/login', { body: credentials }),
    `login ${label}`,
  );
  return {
    name,
    slug: registered.slug,
    tenantId: registered.tenant_id,
    userId: owner.user.id,
    credentials,
    ownerToken: owner.access_token,
    refreshToken: owner.refresh_token,
  };
}

/**
 * A business with everything the routing table's path parameters name: an owner (TENANT_ADMIN), one staff
 * user per other tenant-bound role, an outlet, a service, a staff member with working hours, a customer with
 * a booked appointment, a package and a customer package sold by staff. `label` makes names and e-mails unique.
 */
export async function seedTenant(
  platform: SecurityPlatform,
  label: string,
  { withRoles = false } = {},
): Promise<SeededTenant> {
  const { call } = platform;

  const business = await registerBusiness(platform, label);
  const { name, slug, tenantId } = business;
  const ownerEmail = business.credentials.email;
  const ownerToken = business.ownerToken;
  const as = (token: string) => ({ token });

  const outlets = await expectStatus(call('GET', '/outlets', as(ownerToken)), 'outlets');
  const outletId = outlets.items[0].id as string;
  const service = await expectStatus(
    call('POST', '/services', {
      token: ownerToken,
      body: {
        name: `Secret Cut ${label}`,
        slug: `secret-cut-${label.toLowerCase()}`,
        category: 'hair_cut',
        duration_minutes: 45,
        pricing: { base_price: '150000', currency: 'IDR' },
      },
    }),
    'service',
  );
  const staff = await expectStatus(
    call('POST', '/staff', {
      token: ownerToken,
      body: {
        outlet_id: outletId,
        first_name: `Stylist${label}`,
        last_name: 'Dewi',
        email: `stylist-${label}@security.example`,
        position: 'Senior Provider',
        employment_type: 'full_time',
      },
    }),
    'staff member',
  );
  const day = localDate('Asia/Jakarta', 5);
  const availability = await expectStatus(
    call('POST', '/availability', {
      token: ownerToken,
      body: {
        staff_id: staff.id,
        date: day,
        start_time: '09:00',
        end_time: '17:00',
        availability_type: 'working_hours',
      },
    }),
    'availability',
  );

  const customerEmail = `customer-${label}@security.example`;
  const { credentials: customerCredentials, login: customer } = await registerCustomer(
    platform,
    slug,
    customerEmail,
    `Client${label}`,
  );
  const customerToken = customer.access_token as string;
  const profile = await expectStatus(call('GET', '/customers/profile', as(customerToken)), 'profile');

  // The service reaches scheduling's replica by event: book once it has arrived.
  const appointment = await waitFor(async () => {
    const booked = await call('POST', '/appointments', {
      token: customerToken,
      body: {
        outlet_id: outletId,
        appointment_date: day,
        start_time: '10:00',
        services: [{ service_id: service.id, staff_id: staff.id }],
      },
    });
    return booked.status === 201 ? booked.body : undefined;
  });
  const pkg = await waitFor(async () => {
    const created = await call('POST', '/packages', {
      token: ownerToken,
      body: {
        name: `Secret Bundle ${label}`,
        package_items: [{ service_id: service.id, quantity: 3 }],
        package_price: '300000',
        validity_days: 90,
      },
    });
    return created.status === 201 ? created.body : undefined;
  });
  const sold = await waitFor(async () => {
    const created = await call('POST', '/staff/customer-packages', {
      token: ownerToken,
      body: { customer_id: profile.id, package_id: pkg.id, outlet_id: outletId, amount_paid: '300000' },
    });
    return created.status < 300 ? created.body : undefined;
  });

  const roleTokens: Partial<Record<Role, string>> = { TENANT_ADMIN: ownerToken };
  const userIds: string[] = [];
  if (withRoles) {
    for (const role of ['OUTLET_MANAGER', 'STAFF', 'RECEPTIONIST'] as const) {
      const email = `${role.toLowerCase()}-${label}@security.example`;
      const user = await expectStatus(
        call('POST', '/users', {
          token: ownerToken,
          body: {
            email,
            password: PASSWORD,
            first_name: `${role}${label}`,
            last_name: 'Member',
            role,
            outlet_ids: [outletId],
          },
        }),
        `user ${role}`,
      );
      userIds.push(user.id);
      const login = await expectStatus(
        call('POST', '/auth/login', { body: { email, password: PASSWORD } }),
        role,
      );
      roleTokens[role] = login.access_token;
    }
  }

  const ids: PathIds = {
    tenant_id: tenantId,
    user_id: userIds[0] ?? business.userId,
    outlet_id: outletId,
    customer_id: profile.id,
    service_id: service.id,
    staff_id: staff.id,
    availability_id: availability.id ?? availability.items?.[0]?.id,
    appointment_id: appointment.id,
    package_id: pkg.id,
    customer_package_id: sold.id,
    slug,
  };
  return {
    name,
    slug,
    ids,
    ownerToken,
    ownerRefreshToken: business.refreshToken,
    customerToken,
    customerRefreshToken: customer.refresh_token,
    roleTokens,
    ownerCredentials: business.credentials,
    customerCredentials,
    secrets: [
      ...Object.entries(ids)
        .filter(([key]) => key !== 'slug')
        .map(([, id]) => id),
      business.userId,
      ...userIds,
      name,
      ownerEmail,
      customerEmail,
      `Secret Cut ${label}`,
      `Stylist${label}`,
      `Client${label}`,
      `Secret Bundle ${label}`,
    ],
  };
}

/**
 * New sessions for the tenant's owner and customer: a fuzzed logout ends theirs (its tokens are refused),
 * and a fuzzed `DELETE /customers/{id}` deletes the customer, who is then replaced by a new one.
 */
export async function signInAgain(platform: SecurityPlatform, tenant: SeededTenant): Promise<void> {
  const owner = await expectStatus(
    platform.call('POST', '/auth/login', { body: tenant.ownerCredentials }),
    'owner login',
  );
  const login = await platform.call('POST', '/customer/auth/login', { body: tenant.customerCredentials });
  let customer;
  if (login.status === 401) {
    replacements += 1;
    const again = await registerCustomer(
      platform,
      tenant.slug,
      `customer-again-${replacements}-${tenant.customerCredentials.email}`,
      'Client',
    );
    tenant.customerCredentials = again.credentials;
    customer = again.login;
  } else customer = await expectStatus(Promise.resolve(login), 'customer login');
  tenant.ownerToken = owner.access_token;
  tenant.ownerRefreshToken = owner.refresh_token;
  tenant.customerToken = customer.access_token;
  tenant.customerRefreshToken = customer.refresh_token;
}

let replacements = 0;

/** A customer registers with the business and signs in: its credentials and the login's answer. */
export async function registerCustomer(
  platform: SecurityPlatform,
  slug: string,
  email: string,
  firstName: string,
) {
  const credentials = { email, password: PASSWORD, tenant_slug: slug };
  await expectStatus(
    platform.call('POST', '/customer/auth/register', {
      body: { ...credentials, first_name: firstName, last_name: 'Putri' },
    }),
    'customer register',
  );
  const login = await expectStatus(
    platform.call('POST', '/customer/auth/login', { body: credentials }),
    'customer login',
  );
  return { credentials, login };
}
