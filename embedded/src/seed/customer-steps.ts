import { ApiError, eventually, pollUntil } from './api-client';
import { addDays, todayIn, weekdayOf, type Page, type SeedContext } from './context';
import { DEMO_CUSTOMERS, DEMO_WALK_IN } from './demo-salon';
import { findVerificationCode, isReachable, payOnHostedPage } from './sandbox-steps';

/**
 * The customer side of the demo salon: customers who registered themselves (e-mail verified with the code
 * the SMTP sandbox received), a walk-in added at the desk, packages bought (one paid on the payment
 * sandbox, one paid in cash) and a few appointments, some paid online and so confirmed.
 */

const PROPAGATION_MS = 30_000;

interface CustomerTokens {
  access_token: string;
  customer: { id: string; email_verified: boolean };
}

async function customerLogin(ctx: SeedContext, email: string, password: string) {
  try {
    return await ctx.api.call<CustomerTokens>('POST', '/customer/auth/login', {
      body: { email, password, tenant_slug: ctx.tenant.slug },
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return undefined;
    throw error;
  }
}

export async function ensureCustomers(ctx: SeedContext): Promise<void> {
  const { api } = ctx;
  for (const customer of DEMO_CUSTOMERS) {
    let login = await customerLogin(ctx, customer.email, customer.password);
    if (login === undefined) {
      try {
        await api.call('POST', '/customer/auth/register', {
          body: { ...customer, tenant_slug: ctx.tenant.slug },
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409)
          throw new Error(
            `${customer.email} exists but cannot log in with the demo password: refusing to go on`,
            { cause: error },
          );
        throw error;
      }
      login = await customerLogin(ctx, customer.email, customer.password);
      if (login === undefined) throw new Error(`${customer.email} registered but cannot log in`);
    }
    if (!login.customer.email_verified) await verifyEmail(ctx, customer.email, login.access_token);
    ctx.customers.set(customer.email, { id: login.customer.id, token: login.access_token });
  }

  const token = ctx.ownerToken;
  const found = await api.call<Page<{ id: string }>>(
    'GET',
    `/customers?search=${encodeURIComponent(DEMO_WALK_IN.email)}`,
    { token },
  );
  const walkIn =
    found.items[0] ?? (await api.call<{ id: string }>('POST', '/customers', { body: DEMO_WALK_IN, token }));
  ctx.customers.set(DEMO_WALK_IN.email, { id: walkIn.id });
}

async function verifyEmail(ctx: SeedContext, email: string, token: string): Promise<void> {
  const { smtp } = ctx;
  smtp.reachable ??= await isReachable(smtp.messagesUrl);
  if (!smtp.reachable) {
    if (!ctx.notes.some((note) => note.startsWith('SMTP sandbox')))
      ctx.notes.push(
        `SMTP sandbox not reachable at ${smtp.messagesUrl}: new customers' e-mails stay unverified (they can ` +
          'book anyway). Set SEED_SMTP_MESSAGES_URL to the "Sandbox smtp:" address `npm start` prints.',
      );
    return;
  }
  const code = await findVerificationCode(smtp.messagesUrl, email);
  if (code === undefined) {
    ctx.notes.push(`no verification code for ${email} in the SMTP sandbox; the e-mail stays unverified`);
    return;
  }
  await ctx.api.call('POST', '/customer/auth/verify-email', { body: { code }, token });
}

/** Rina buys "Pamper Day" online and pays on the sandbox; the walk-in buys "Nail Lover 5+5" in cash. */
export async function ensureCustomerPackages(ctx: SeedContext): Promise<void> {
  const { api } = ctx;
  const online = ctx.customers.get(DEMO_CUSTOMERS[0]!.email)!;
  const onlinePackage = ctx.packages.get('Pamper Day');
  const kemang = ctx.outlets.get('kemang')!;
  const owned = await api.call<Page<unknown>>('GET', '/customer/packages', { token: online.token });
  if (owned.total === 0 && onlinePackage) {
    // Commerce needs the customer's contact data (from identity's event) to send the payment link.
    const bought = await eventually(
      [400, 404],
      () =>
        api.call<{ customer_package: { id: string }; invoice: { payment_url?: string | null } }>(
          'POST',
          '/customer/packages/purchase',
          {
            body: { package_id: onlinePackage, outlet_id: kemang, payment_method: 'gateway_digital' },
            token: online.token,
          },
        ),
      PROPAGATION_MS,
    );
    const page = bought.invoice.payment_url;
    const active =
      !!page &&
      (await payOnHostedPage(page)) &&
      (await pollUntil(async () => {
        const status = await api.call<{ status: string }>(
          'GET',
          `/customer/packages/${bought.customer_package.id}`,
          { token: online.token },
        );
        return status.status === 'active';
      }, PROPAGATION_MS));
    if (!active) ctx.notes.push(`the online package purchase is not paid yet: ${page ?? 'no payment page'}`);
  }

  const walkIn = ctx.customers.get(DEMO_WALK_IN.email)!;
  const cashPackage = ctx.packages.get('Nail Lover 5+5');
  if (!cashPackage) return;
  const token = ctx.ownerToken;
  const sold = await eventually(
    [404],
    () => api.call<Page<unknown>>('GET', `/staff/customer-packages?customer_id=${walkIn.id}`, { token }),
    PROPAGATION_MS,
  );
  if (sold.total > 0) return;
  await api.call('POST', '/staff/customer-packages', {
    body: {
      customer_id: walkIn.id,
      package_id: cashPackage,
      outlet_id: kemang,
      payment_method: 'manual_onspot',
      amount_paid: 1500000,
      notes: 'Paid in cash at the desk',
    },
    token,
  });
}

interface Booking {
  customer: string;
  day: 0 | 1;
  start_time: string;
  service: string;
  staff: string;
  pay: boolean;
}

/** Two parallel creambaths at the same hour show shared capacity; one stays unpaid (pending). */
const ONLINE_BOOKINGS: Booking[] = [
  {
    customer: 'rina@demo-salon.example',
    day: 0,
    start_time: '10:00',
    service: 'womens-haircut',
    staff: 'sari@demo-salon.example',
    pay: true,
  },
  {
    customer: 'andi@demo-salon.example',
    day: 0,
    start_time: '15:00',
    service: 'creambath',
    staff: 'budi@demo-salon.example',
    pay: true,
  },
  {
    customer: 'lina@demo-salon.example',
    day: 0,
    start_time: '15:00',
    service: 'creambath',
    staff: 'budi@demo-salon.example',
    pay: false,
  },
];

/** Appointments are made once: when the salon has any, the seed leaves them as they are. */
export async function ensureAppointments(ctx: SeedContext): Promise<void> {
  const { api } = ctx;
  const existing = await api.call<Page<unknown>>('GET', '/appointments?size=1', { token: ctx.ownerToken });
  if (existing.total > 0) return;
  const days = nextWorkingDays(todayIn(ctx.tenant.timezone), 2);
  const kemang = ctx.outlets.get('kemang')!;

  for (const booking of ONLINE_BOOKINGS) {
    const customer = ctx.customers.get(booking.customer)!;
    const appointment = await api.call<{ id: string }>('POST', '/appointments', {
      body: {
        outlet_id: kemang,
        appointment_date: days[booking.day],
        start_time: booking.start_time,
        services: [{ service_id: ctx.services.get(booking.service), staff_id: ctx.staff.get(booking.staff) }],
      },
      token: customer.token,
    });
    if (booking.pay) await payAppointment(ctx, appointment.id, customer.token!);
  }
  await bookWalkIn(ctx, days[1]!);
}

/** The customer pays on the sandbox's hosted page; the provider's callback confirms the appointment. */
async function payAppointment(ctx: SeedContext, appointmentId: string, token: string): Promise<void> {
  const { api } = ctx;
  // Commerce learns the appointment and its price from scheduling's event.
  const payment = await eventually(
    [404],
    () =>
      api.call<{ payment_url?: string | null }>('POST', '/customer/payments/process-appointment', {
        body: { appointment_id: appointmentId, payment_method: 'QRIS' },
        token,
      }),
    PROPAGATION_MS,
  );
  const confirmed =
    !!payment.payment_url &&
    (await payOnHostedPage(payment.payment_url)) &&
    (await pollUntil(async () => {
      const appointment = await api.call<{ status: string }>('GET', `/appointments/${appointmentId}`, {
        token,
      });
      return appointment.status === 'confirmed';
    }, PROPAGATION_MS));
  if (!confirmed)
    ctx.notes.push(
      `appointment ${appointmentId} is not paid yet: ${payment.payment_url ?? 'no payment page'}`,
    );
}

/**
 * The walk-in booked at the desk by the outlet manager (Senopati: a Balinese massage with Agus), paid there
 * and marked confirmed; without the second outlet, the owner books a facial at Kemang.
 */
async function bookWalkIn(ctx: SeedContext, date: string): Promise<void> {
  const senopati = ctx.outlets.get('senopati');
  const managed = senopati !== undefined && ctx.managerToken !== undefined;
  const token = managed ? ctx.managerToken! : ctx.ownerToken;
  const line = managed
    ? { service_id: ctx.services.get('balinese-massage'), staff_id: ctx.staff.get('agus@demo-salon.example') }
    : {
        service_id: ctx.services.get('hydrating-facial'),
        staff_id: ctx.staff.get('maya@demo-salon.example'),
      };
  const body = {
    customer_id: ctx.customers.get(DEMO_WALK_IN.email)!.id,
    outlet_id: managed ? senopati : ctx.outlets.get('kemang'),
    appointment_date: date,
    start_time: '11:00',
    services: [line],
    notes: 'Walk-in, paid at the desk',
  };
  // Scheduling learns the staff-created customer from identity's event.
  const appointment = await eventually(
    [404],
    () => ctx.api.call<{ id: string }>('POST', '/staff/appointments', { body, token }),
    PROPAGATION_MS,
  );
  await ctx.api.call('PUT', `/appointments/${appointment.id}/status`, {
    body: { status: 'confirmed' },
    token,
  });
}

/** The next `count` days after today that are Monday to Saturday, when every demo outlet is open. */
function nextWorkingDays(today: string, count: number): string[] {
  const days: string[] = [];
  for (let offset = 1; days.length < count; offset += 1) {
    const day = addDays(today, offset);
    if (weekdayOf(day) !== 6) days.push(day);
  }
  return days;
}
