import { ApiError, eventually, pollUntil, type ApiClient } from './api-client';
import { addDays, todayIn, type Page, type SeedContext } from './context';
import {
  DEMO_LOGINS,
  DEMO_OUTLETS,
  DEMO_PACKAGES,
  DEMO_SERVICES,
  DEMO_STAFF,
  DEMO_TENANT,
} from './demo-salon';
import { payOnHostedPage } from './sandbox-steps';

/**
 * The business side of the demo salon, as its owner would set it up: tenant, PRO plan, outlets, services,
 * staff with their working hours, the outlet manager's account and packages. Every step first looks at what
 * exists and creates only what is missing, so a second run changes nothing.
 */

interface StaffTokens {
  access_token?: string;
  requires_organization_selection?: boolean;
  tenant: { id: string; slug: string } | null;
}

/** Seconds the services may take to learn a fact from another service's event (plan, service, customer). */
const PROPAGATION_MS = 30_000;

async function staffLogin(api: ApiClient, email: string, password: string) {
  try {
    return await api.call<StaffTokens>('POST', '/auth/login', { body: { email, password } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return undefined;
    throw error;
  }
}

/** Signs the demo owner in, registering the demo business first when the owner does not exist yet. */
export async function ensureTenant(
  api: ApiClient,
): Promise<{ token: string; tenantId: string; created: boolean }> {
  const { owner } = DEMO_LOGINS;
  let login = await staffLogin(api, owner.email, owner.password);
  const created = login === undefined;
  if (login === undefined) {
    try {
      await api.call('POST', '/public/register', {
        body: {
          ...DEMO_TENANT,
          admin_first_name: owner.first_name,
          admin_last_name: owner.last_name,
          admin_email: owner.email,
          admin_password: owner.password,
          terms_accepted: true,
          privacy_accepted: true,
        },
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409)
        throw new Error(
          `A business named "${DEMO_TENANT.business_name}" (or its e-mail, phone or ${owner.email}) already ` +
            `exists, but ${owner.email} cannot sign in with the demo password: refusing to touch it.`,
          { cause: error },
        );
      throw error;
    }
    login = await staffLogin(api, owner.email, owner.password);
  }
  if (!login?.access_token || !login.tenant)
    throw new Error(
      `${owner.email} signed in without a single organisation: not the demo owner the seed made`,
    );
  return { token: login.access_token, tenantId: login.tenant.id, created };
}

export async function loadTenant(api: ApiClient, token: string, tenantId: string) {
  const tenant = await api.call<{ id: string; slug: string; settings: { timezone?: string } }>(
    'GET',
    `/tenants/${tenantId}`,
    { token },
  );
  return { id: tenant.id, slug: tenant.slug, timezone: tenant.settings.timezone ?? 'Asia/Jakarta' };
}

/** PRO through the billing upgrade flow, its invoice paid on the sandbox's hosted page; FREE when it cannot be. */
export async function ensureProPlan(ctx: SeedContext): Promise<string> {
  const { api, ownerToken: token } = ctx;
  // Billing creates the FREE subscription from identity's registration event: it may take a moment.
  const currentPlan = async () =>
    (
      await eventually(
        [404],
        () => api.call<{ plan_type: string }>('GET', '/subscriptions/current', { token }),
        PROPAGATION_MS,
      )
    ).plan_type;
  const plan = await currentPlan();
  if (plan !== 'FREE') return plan;

  const upgrade = await api.call<{
    invoice: { gateway_payment_url?: string | null; gateway_invoice_url?: string | null };
  }>('POST', '/subscriptions/upgrade', { body: { target_plan: 'pro' }, token });
  const page = upgrade.invoice.gateway_payment_url ?? upgrade.invoice.gateway_invoice_url;
  if (!page || !(await payOnHostedPage(page))) {
    ctx.notes.push(
      `PRO upgrade invoice not paid (payment sandbox not reachable at ${page ?? 'no address'}); ` +
        'staying within the FREE limits: one outlet, ten services. Pay it and run the seed again.',
    );
    return plan;
  }
  if (await pollUntil(async () => (await currentPlan()) === 'PRO', PROPAGATION_MS)) return 'PRO';
  ctx.notes.push('the PRO upgrade was paid but not applied in time; staying within the FREE limits');
  return plan;
}

const isPro = (ctx: SeedContext) => ctx.plan !== 'FREE';

export async function ensureOutlets(ctx: SeedContext): Promise<void> {
  const { api, ownerToken: token } = ctx;
  const existing = await api.call<Page<{ id: string; name: string }>>('GET', '/outlets?size=100', { token });
  const [first, ...others] = DEMO_OUTLETS;
  const named = (name: unknown) => existing.items.find((outlet) => outlet.name === name);
  // Registration created the first outlet under the business name: it becomes the demo's first outlet.
  const registered = named(first!.body.name) ?? existing.items[0];
  if (registered) {
    if (registered.name !== first!.body.name)
      await api.call('PUT', `/outlets/${registered.id}`, { body: first!.body, token });
    ctx.outlets.set(first!.key, registered.id);
  }
  for (const outlet of others) {
    const found = named(outlet.body.name);
    if (found) {
      ctx.outlets.set(outlet.key, found.id);
      continue;
    }
    if (!isPro(ctx)) {
      ctx.notes.push(`outlet "${String(outlet.body.name)}" skipped: the FREE plan allows one outlet`);
      continue;
    }
    // Identity learns the new plan from billing's event: a 402 until it has.
    const created = await eventually(
      [402],
      () => api.call<{ id: string }>('POST', '/outlets', { body: outlet.body, token }),
      PROPAGATION_MS,
    );
    ctx.outlets.set(outlet.key, created.id);
  }
}

const FREE_MAX_SERVICES = 10;

export async function ensureServices(ctx: SeedContext): Promise<void> {
  const { api, ownerToken: token } = ctx;
  const existing = await api.call<Page<{ id: string; slug: string }>>('GET', '/services?size=100', { token });
  for (const service of existing.items) ctx.services.set(service.slug, service.id);
  const wanted = isPro(ctx) ? DEMO_SERVICES : DEMO_SERVICES.slice(0, FREE_MAX_SERVICES);
  if (wanted.length < DEMO_SERVICES.length)
    ctx.notes.push(`${DEMO_SERVICES.length - wanted.length} services skipped: the FREE plan allows ten`);
  for (const service of wanted) {
    if (ctx.services.has(service.slug)) continue;
    const body = {
      name: service.name,
      slug: service.slug,
      category: service.category,
      duration_minutes: service.duration_minutes,
      preparation_minutes: service.preparation_minutes ?? 0,
      cleanup_minutes: service.cleanup_minutes ?? 0,
      allow_parallel_bookings: service.max_parallel_bookings !== undefined,
      max_parallel_bookings: service.max_parallel_bookings ?? 1,
      tags: service.tags ?? [],
      pricing: { base_price: service.base_price, currency: 'IDR' },
    };
    // Catalog learns the PRO plan from billing's event: the eleventh service is a 402 until it has.
    const created = await eventually(
      [402],
      () => api.call<{ id: string }>('POST', '/services', { body, token }),
      PROPAGATION_MS,
    );
    ctx.services.set(service.slug, created.id);
  }
}

export async function ensureStaff(ctx: SeedContext): Promise<void> {
  const { api, ownerToken: token } = ctx;
  const existing = await api.call<Page<{ id: string; email: string }>>(
    'GET',
    '/staff?size=100&only_active=false',
    { token },
  );
  for (const member of existing.items) ctx.staff.set(member.email.toLowerCase(), member.id);
  for (const member of DEMO_STAFF) {
    const outletId = ctx.outlets.get(member.outlet);
    if (ctx.staff.has(member.email) || outletId === undefined) continue;
    const body = {
      outlet_id: outletId,
      first_name: member.first_name,
      last_name: member.last_name,
      email: member.email,
      gender: member.gender,
      position: member.position,
      employment_type: member.employment_type,
      skills: {
        service_ids: member.services.flatMap((slug) => ctx.services.get(slug) ?? []),
        specialties: member.services,
      },
    };
    // Scheduling validates outlet and services against its replicas, fed by identity's and catalog's events.
    const created = await eventually(
      [400],
      () => api.call<{ id: string }>('POST', '/staff', { body, token }),
      PROPAGATION_MS,
    );
    ctx.staff.set(member.email, created.id);
  }
}

/** The outlet manager: a staff user of the second outlet, linked to her staff member record. */
export async function ensureManager(ctx: SeedContext): Promise<void> {
  const { api, ownerToken: token } = ctx;
  const { manager } = DEMO_LOGINS;
  const users = await api.call<Page<{ email: string }>>('GET', '/users?size=100', { token });
  if (!users.items.some((user) => user.email === manager.email)) {
    const profile = DEMO_STAFF.find((member) => member.email === manager.email)!;
    const outletId = ctx.outlets.get(profile.outlet) ?? ctx.outlets.get('kemang');
    await api.call('POST', '/users', {
      body: {
        email: manager.email,
        password: manager.password,
        first_name: profile.first_name,
        last_name: profile.last_name,
        role: 'OUTLET_MANAGER',
        outlet_ids: outletId ? [outletId] : [],
        staff_id: ctx.staff.get(manager.email) ?? null,
      },
      token,
    });
  }
  ctx.managerToken = (await staffLogin(api, manager.email, manager.password))?.access_token;
  if (!ctx.managerToken) ctx.notes.push(`${manager.email} exists but cannot sign in with the demo password`);
}

/** Eight weeks of weekly working hours with a daily break for every demo staff member, and one vacation. */
export async function ensureAvailability(ctx: SeedContext): Promise<void> {
  const { api, ownerToken: token } = ctx;
  const today = todayIn(ctx.tenant.timezone);
  const until = addDays(today, 55);
  for (const member of DEMO_STAFF) {
    const staffId = ctx.staff.get(member.email);
    if (staffId === undefined) continue;
    const entries = await api.call<Page<unknown>>(
      'GET',
      `/availability?staff_id=${staffId}&start_date=${today}&end_date=${until}&size=1`,
      { token },
    );
    if (entries.total > 0) continue;
    const { hours } = member;
    const weekly = { staff_id: staffId, date: today, recurrence_type: 'weekly', recurrence_end_date: until };
    const patterns: Array<Record<string, unknown>> = [
      {
        ...weekly,
        recurrence_days: hours.days,
        start_time: hours.start,
        end_time: hours.end,
        availability_type: 'working_hours',
        is_available: true,
      },
      {
        ...weekly,
        recurrence_days: hours.days,
        start_time: hours.breakStart,
        end_time: hours.breakEnd,
        availability_type: 'break',
        is_available: false,
        notes: 'Lunch',
      },
    ];
    if (member.vacationDays) {
      const from = addDays(today, 14);
      patterns.push({
        ...weekly,
        date: from,
        recurrence_type: 'daily',
        recurrence_end_date: addDays(from, member.vacationDays - 1),
        recurrence_days: null,
        start_time: hours.start,
        end_time: hours.end,
        availability_type: 'vacation',
        is_available: false,
        notes: 'Annual leave',
      });
    }
    for (const body of patterns) await api.call('POST', '/availability', { body, token });
  }
}

export async function ensurePackages(ctx: SeedContext): Promise<void> {
  const { api, ownerToken: token } = ctx;
  const existing = await api.call<Page<{ id: string; name: string }>>('GET', '/packages?size=100', { token });
  for (const found of existing.items) ctx.packages.set(found.name, found.id);
  for (const demo of DEMO_PACKAGES) {
    if (ctx.packages.has(demo.name)) continue;
    const serviceIds = demo.items.map(([slug]) => ctx.services.get(slug));
    if (serviceIds.includes(undefined)) continue;
    const body = {
      name: demo.name,
      description: demo.description,
      package_items: demo.items.map(([, quantity], index) => ({ service_id: serviceIds[index], quantity })),
      package_price: demo.package_price,
      currency: 'IDR',
      validity_days: demo.validity_days,
    };
    // Commerce prices the items from its replica of the catalogue, fed by catalog's events.
    const created = await eventually(
      [400],
      () => api.call<{ id: string }>('POST', '/packages', { body, token }),
      PROPAGATION_MS,
    );
    ctx.packages.set(demo.name, created.id);
  }
}
