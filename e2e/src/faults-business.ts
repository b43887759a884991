import {
  addDailyHours,
  addStaff,
  expectStatus,
  localDate,
  registerBusiness,
  registerCustomer,
  type Business,
  type Customer,
} from './journey-steps';
import type { Platform } from './platform';

/**
 * A business the suites can book against (the fault suites under load): one 30-minute service without buffers, one staff
 * member working 09:00–17:00 every day, and a few customers, all made through the gateway with the
 * journeys' steps.
 */
export interface BookableBusiness {
  business: Business;
  serviceId: string;
  customers: Customer[];
}

const SLOTS_PER_DAY = 16; // 09:00 … 16:30, every 30 minutes
/** Bookings start two days ahead, so both reminders (24 h and 2 h before) are still in the future. */
const FIRST_DAY = 2;

/** A second business on the same platform needs its own `phone` (see `registerBusiness`). */
export async function setUpBookableBusiness(
  platform: Platform,
  name: string,
  phone?: string,
): Promise<BookableBusiness> {
  const business = await registerBusiness(platform, name, phone);
  const outlets = expectStatus(await platform.request('GET', '/outlets', { token: business.token }), 200);
  business.outletId = outlets.items[0].id;
  const service = expectStatus(
    await platform.request('POST', '/services', {
      token: business.token,
      body: {
        name: 'Blow dry',
        slug: 'blow-dry',
        category: 'hair_styling',
        duration_minutes: 30,
        pricing: { base_price: '100000', currency: 'IDR' },
      },
    }),
    201,
  );
  const handle = name.toLowerCase();
  business.staffEmail = `staff@${handle}.example`;
  const staff = await addStaff(platform, business.token, {
    outlet_id: business.outletId,
    first_name: 'Sari',
    last_name: 'Dewi',
    email: business.staffEmail,
    service_ids: [service.id],
  });
  business.staffId = staff.id;
  await addDailyHours(platform, business.token, { id: staff.id, timezone: business.timezone }, 30);
  const customers: Customer[] = [];
  for (const first of ['Ani', 'Budi', 'Citra', 'Dedi'])
    customers.push(
      await registerCustomer(platform, business, `${first.toLowerCase()}@${handle}.example`, first),
    );
  return { business, serviceId: service.id, customers };
}

/** The customer's own booking at the salon's outlet with its one staff member, `day` days ahead at `time`. */
export async function customerBooks(
  platform: Platform,
  salon: BookableBusiness,
  customer: Customer,
  day: number,
  time: string,
) {
  return expectStatus(
    await platform.request('POST', '/appointments', {
      token: customer.token,
      body: {
        outlet_id: salon.business.outletId,
        appointment_date: localDate(salon.business.timezone, day),
        start_time: time,
        services: [{ service_id: salon.serviceId, staff_id: salon.business.staffId }],
      },
    }),
    201,
  );
}

/** The outcome of one booking request: its status, and the appointment's id when it was created. */
export interface BookingOutcome {
  status: number;
  appointmentId?: string;
  /** The request never got an answer (the connection broke). */
  failed?: string;
}

/**
 * Books `count` distinct slots (never the same slot twice in the business's lifetime), `concurrency` at a
 * time, round-robin over the customers unless one `customer` books them all; `onProgress` sees each
 * finished booking (to inject a fault midway).
 */
export class BookingLoad {
  private nextSlot = 0;

  constructor(
    private readonly platform: Platform,
    readonly bookable: BookableBusiness,
  ) {}

  async book(
    count: number,
    options: { concurrency?: number; customer?: Customer; onProgress?: (done: number) => void } = {},
  ): Promise<BookingOutcome[]> {
    const slots = Array.from({ length: count }, () => this.nextSlot++);
    const outcomes: BookingOutcome[] = [];
    const worker = async () => {
      for (let slot = slots.shift(); slot !== undefined; slot = slots.shift()) {
        outcomes.push(await this.bookSlot(slot, options.customer));
        options.onProgress?.(outcomes.length);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 6 }, worker));
    return outcomes;
  }

  private async bookSlot(slot: number, customer?: Customer): Promise<BookingOutcome> {
    const { business, serviceId, customers } = this.bookable;
    const day = FIRST_DAY + Math.floor(slot / SLOTS_PER_DAY);
    const minutes = 9 * 60 + (slot % SLOTS_PER_DAY) * 30;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    try {
      const response = await this.platform.request('POST', '/appointments', {
        token: (customer ?? customers[slot % customers.length]!).token,
        body: {
          outlet_id: business.outletId,
          appointment_date: localDate(business.timezone, day),
          start_time: time,
          services: [{ service_id: serviceId, staff_id: business.staffId }],
        },
      });
      return {
        status: response.status,
        appointmentId: response.status === 201 ? response.body.id : undefined,
      };
    } catch (error) {
      return { status: 0, failed: error instanceof Error ? error.message : String(error) };
    }
  }
}

export const createdIds = (outcomes: BookingOutcome[]): string[] =>
  outcomes.flatMap((outcome) => (outcome.appointmentId ? [outcome.appointmentId] : []));
