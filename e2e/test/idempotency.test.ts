import { setUpBookableBusiness, type BookableBusiness } from '../src/faults-business';
import { expectStatus, localDate, type Customer } from '../src/journey-steps';
import { startPlatform, type Platform } from '../src/platform';
import { UNLIMITED_RATES } from '../src/security-platform';

/**
 * `Idempotency-Key` through the gateway, every service in its own process on real PostgreSQL and RabbitMQ:
 * a booking retried in sequence and twenty at once with one key is made once and answered alike, the key
 * reused with another body is 422, another customer's same key is their own, and twenty concurrent package
 * sales at the counter under one key sell one package.
 */
let platform: Platform;
let salon: BookableBusiness;
let ani: Customer;
let budi: Customer;

beforeAll(async () => {
  platform = await startPlatform({ env: { gateway: UNLIMITED_RATES } });
  salon = await setUpBookableBusiness(platform, 'Idempotent');
  [ani, budi] = salon.customers as [Customer, Customer];
}, 180_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);

const slot = (day: number, time: string) => ({
  outlet_id: salon.business.outletId,
  appointment_date: localDate(salon.business.timezone, day),
  start_time: time,
  services: [{ service_id: salon.serviceId, staff_id: salon.business.staffId }],
});

const book = (customer: Customer, key: string, body: unknown) =>
  platform.request('POST', '/appointments', {
    token: customer.token,
    body,
    headers: { 'Idempotency-Key': key },
  });

/** The customer's appointments on one day, as the staff calendar lists them. */
async function appointmentsOn(customer: Customer, day: number): Promise<number> {
  const date = localDate(salon.business.timezone, day);
  const page = expectStatus(
    await platform.request(
      'GET',
      `/appointments?customer_id=${customer.id}&start_date=${date}&end_date=${date}&size=100`,
      { token: salon.business.token },
    ),
    200,
  );
  return page.total as number;
}

it('answers a booking retried with the same key and body with the first 201, and books once', async () => {
  const first = await book(ani, 'ani-booking-1', slot(2, '09:00'));
  const retry = await book(ani, 'ani-booking-1', slot(2, '09:00'));
  expect(first.status).toBe(201);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  expect(retry.status).toBe(201);
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
  expect(retry.body).toEqual(first.body);
  expect(await appointmentsOn(ani, 2)).toBe(1);
});

it('books once for twenty concurrent requests with one key, each answered with the same 201 body', async () => {
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => book(ani, 'ani-booking-2', slot(3, '10:00'))),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
  for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
  expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
  expect(await appointmentsOn(ani, 3)).toBe(1);
});

it('refuses the key reused with another body (422), and keeps another customer’s same key apart', async () => {
  const reused = await book(ani, 'ani-booking-1', slot(2, '11:00'));
  expect(reused.status).toBe(422);
  expect(reused.body.detail[0]).toMatchObject({
    loc: ['header', 'Idempotency-Key'],
    type: 'idempotency_key_reused',
  });
  expect(await appointmentsOn(ani, 2)).toBe(1);

  const budiBooks = await book(budi, 'ani-booking-1', slot(2, '09:00'));
  // Ani's answer is not replayed to Budi: his request runs, and finds Ani's slot taken.
  expect(budiBooks.status).toBe(409);
  expect(budiBooks.headers.get('idempotent-replayed')).toBeNull();
  expect((await book(budi, 'ani-booking-1', slot(2, '12:00'))).status).toBe(422);
});

it('sells one package at the counter for twenty concurrent requests with one key', async () => {
  const { token, outletId } = salon.business;
  const pkg = expectStatus(
    await platform.request('POST', '/packages', {
      token,
      body: {
        name: 'Five blow dries',
        package_items: [{ service_id: salon.serviceId, quantity: 5 }],
        package_price: '450000',
        currency: 'IDR',
        validity_days: 90,
      },
    }),
    201,
  );
  const sale = {
    customer_id: budi.id,
    package_id: pkg.id,
    outlet_id: outletId,
    payment_method: 'manual_onspot',
    amount_paid: '450000',
    currency: 'IDR',
  };
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      platform.request('POST', '/staff/customer-packages', {
        token,
        body: sale,
        headers: { 'Idempotency-Key': 'counter-sale-1' },
      }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
  for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
  const sold = expectStatus(
    await platform.request('GET', `/staff/customer-packages?customer_id=${budi.id}`, { token }),
    200,
  );
  expect(sold.total).toBe(1);
  expect(sold.items[0].id).toBe(answers[0]!.body.id);
});
