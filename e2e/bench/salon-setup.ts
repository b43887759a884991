import { randomBytes } from 'node:crypto';
import { waitFor } from '@salon/testing';
import {
  addDailyHours,
  addStaff,
  expectStatus,
  registerBusiness,
  registerCustomer,
  type Business,
  type Customer,
} from '../src/journey-steps';
import type { Platform } from '../src/platform';

export interface SalonSizes {
  staff: number;
  /** Days from today that the staff work (today included). */
  days: number;
  customers: number;
  /** How many setup calls run at once (customer registrations). */
  concurrency: number;
}

export interface BenchSalon {
  business: Business;
  serviceId: string;
  staffIds: string[];
  customers: Customer[];
}

const WAIT = { timeoutMs: 60_000, intervalMs: 200 };

/** Runs `task(0 … count-1)` with at most `concurrency` calls in flight. */
export async function inParallel(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, concurrency) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * A business as its admin sets it up through the gateway: registered, upgraded to ENTERPRISE (FREE allows 100
 * appointments a month and 5 staff), one 30-minute service, staff working 09:00–17:00 every day, customers.
 */
export async function setUpSalon(platform: Platform, sizes: SalonSizes): Promise<BenchSalon> {
  const business = await registerBusiness(platform, `Bench${randomBytes(4).toString('hex')}`);
  const admin = { token: business.token };
  await waitFor(
    async () => (await platform.request('GET', '/subscriptions/current', admin)).status === 200,
    WAIT,
  );
  const outlets = expectStatus(await platform.request('GET', '/outlets', admin), 200);
  business.outletId = outlets.items[0].id;

  const upgrade = expectStatus(
    await platform.request('POST', '/subscriptions/upgrade', {
      ...admin,
      body: { target_plan: 'enterprise' },
    }),
    200,
  );
  await platform.sandbox.payInvoice(
    upgrade.invoice.gateway_payment_url ?? upgrade.invoice.gateway_invoice_url,
  );
  await waitFor(async () => {
    const current = await platform.request('GET', '/subscriptions/current', admin);
    return current.body?.plan_type === 'ENTERPRISE';
  }, WAIT);

  const service = expectStatus(
    await platform.request('POST', '/services', {
      ...admin,
      body: {
        name: 'Haircut',
        slug: 'haircut',
        category: 'hair_cut',
        duration_minutes: 30,
        pricing: { base_price: '100000', currency: 'IDR' },
      },
    }),
    201,
  );
  business.haircutId = service.id;

  const staffIds: string[] = [];
  for (let n = 0; n < sizes.staff; n += 1) {
    const staff = await addStaff(
      platform,
      business.token,
      {
        outlet_id: business.outletId,
        first_name: `Stylist${n}`,
        last_name: 'Bench',
        email: `stylist${n}@${business.slug}.example`,
        service_ids: [service.id],
      },
      WAIT.timeoutMs,
    );
    staffIds.push(staff.id);
    await addDailyHours(platform, business.token, { id: staff.id, timezone: business.timezone }, sizes.days);
  }

  const customers: Customer[] = [];
  await inParallel(sizes.customers, sizes.concurrency, async (n) => {
    customers.push(
      await registerCustomer(platform, business, `customer${n}@${business.slug}.example`, `Customer${n}`),
    );
  });
  return { business, serviceId: service.id, staffIds, customers };
}
