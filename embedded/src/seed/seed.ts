import { createApiClient } from './api-client';
import {
  ensureAvailability,
  ensureManager,
  ensureOutlets,
  ensurePackages,
  ensureProPlan,
  ensureServices,
  ensureStaff,
  ensureTenant,
  loadTenant,
} from './business-steps';
import type { SeedContext } from './context';
import { ensureAppointments, ensureCustomerPackages, ensureCustomers } from './customer-steps';
import { DEMO_LOGINS } from './demo-salon';

export interface SeedOptions {
  /** The gateway's base address, e.g. http://localhost:8080. */
  apiUrl: string;
  /** The SMTP sandbox's `GET /sandbox/messages` address, where customers' verification codes arrive. */
  smtpMessagesUrl: string;
  print: (line: string) => void;
}

export interface SeedSummary {
  tenant: { id: string; slug: string };
  /** False when the demo tenant already existed and the run only filled in what was missing. */
  created: boolean;
  plan: string;
  counts: Record<'outlets' | 'services' | 'staff' | 'customers' | 'packages', number>;
  notes: string[];
}

/**
 * Creates the demo salon through the public API, or completes it: every step creates only what is missing,
 * so running it again does not fail and does not duplicate.
 */
export async function seedDemoSalon(options: SeedOptions): Promise<SeedSummary> {
  const notes: string[] = [];
  const api = createApiClient(options.apiUrl, (note) => options.print(`  (${note})`));
  await assertPlatformUp(options.apiUrl);

  const owner = await ensureTenant(api);
  options.print(
    owner.created ? 'Registered the demo salon' : 'The demo salon exists: completing what is missing',
  );
  const ctx: SeedContext = {
    api,
    smtp: { messagesUrl: options.smtpMessagesUrl },
    notes,
    ownerToken: owner.token,
    tenant: await loadTenant(api, owner.token, owner.tenantId),
    plan: 'FREE',
    outlets: new Map(),
    services: new Map(),
    staff: new Map(),
    packages: new Map(),
    customers: new Map(),
  };

  const steps: Array<[string, () => Promise<void>]> = [
    ['plan', async () => void (ctx.plan = await ensureProPlan(ctx))],
    ['outlets', () => ensureOutlets(ctx)],
    ['services', () => ensureServices(ctx)],
    ['staff', () => ensureStaff(ctx)],
    ['outlet manager', () => ensureManager(ctx)],
    ['working hours, breaks and a vacation', () => ensureAvailability(ctx)],
    ['packages', () => ensurePackages(ctx)],
    ['customers', () => ensureCustomers(ctx)],
    ['customer packages', () => ensureCustomerPackages(ctx)],
    ['appointments', () => ensureAppointments(ctx)],
  ];
  for (const [name, step] of steps) {
    await step();
    options.print(`  ✓ ${name}`);
  }

  return {
    tenant: { id: ctx.tenant.id, slug: ctx.tenant.slug },
    created: owner.created,
    plan: ctx.plan,
    counts: {
      outlets: ctx.outlets.size,
      services: ctx.services.size,
      staff: ctx.staff.size,
      customers: ctx.customers.size,
      packages: ctx.packages.size,
    },
    notes,
  };
}

/** What a newcomer needs after seeding: where to sign in, as whom, and what was left out. */
export function describeSeed(summary: SeedSummary, apiUrl: string): string[] {
  const { owner, manager, customer } = DEMO_LOGINS;
  const api = `${apiUrl.replace(/\/+$/, '')}/api/v1`;
  const { counts } = summary;
  return [
    '',
    `Demo salon "${summary.tenant.slug}" (tenant ${summary.tenant.id}) on the ${summary.plan} plan:`,
    `  ${counts.outlets} outlets, ${counts.services} services, ${counts.staff} staff with weekly hours, ` +
      `${counts.customers} customers, ${counts.packages} packages, appointments for the next days`,
    '',
    'Logins:',
    `  owner (TENANT_ADMIN):      ${owner.email} / ${owner.password}    POST ${api}/auth/login`,
    `  manager (OUTLET_MANAGER):  ${manager.email} / ${manager.password}    POST ${api}/auth/login`,
    `  customer:                  ${customer.email} / ${customer.password}    POST ${api}/customer/auth/login` +
      ` (tenant_slug ${summary.tenant.slug})`,
    '',
    `API reference: ${api}/docs`,
    ...(summary.notes.length > 0 ? ['', 'Notes:', ...summary.notes.map((note) => `  - ${note}`)] : []),
  ];
}

async function assertPlatformUp(apiUrl: string): Promise<void> {
  try {
    await fetch(`${apiUrl.replace(/\/+$/, '')}/healthz`, { signal: AbortSignal.timeout(5000) });
  } catch {
    throw new Error(
      `No platform answers at ${apiUrl}: start it (npm start) or set SEED_API_URL to the gateway's address`,
    );
  }
}
