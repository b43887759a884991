import { startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { addOutlet, addWorkingHours, bookableSetup, bookingBody, createdStaff, futureDate } from './helpers';

/**
 * The console's live calendar, GET /appointments/stream (issue 20): server-sent events of committed appointment
 * changes, scoped to the caller's tenant and outlets. Two replicas share the database, as in a deployment: the
 * streams are held by one and the bookings made on the other, so a change reaches the streams of every replica.
 */
describe('GET /appointments/stream', () => {
  let writer: TestService;
  let reader: TestService;
  const streams: AbortController[] = [];

  beforeAll(async () => {
    writer = await startTestService(schedulingService);
    // The same keys, so one token is good at both, as at the replicas of a deployment.
    const keys = { JWT_PUBLIC_KEY: writer.keys.publicKeyPem, JWT_PRIVATE_KEY: writer.keys.privateKeyPem };
    reader = await startTestService(schedulingService, keys, { database: writer.database });
  });
  afterAll(async () => {
    for (const stream of streams) stream.abort();
    await reader.stop();
    await writer.stop();
  });

  interface StreamEvent {
    name: string;
    data: any;
  }

  /** Opens a stream on the reader replica and waits for its `ready`; `next()` is the following event. */
  async function follow(token: string, query = '') {
    const abort = new AbortController();
    streams.push(abort);
    const response = await fetch(`${reader.url}/appointments/stream${query}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    const body = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const next = async (): Promise<StreamEvent> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (name && data) return { name, data: JSON.parse(data) };
          continue; // the retry field, a comment
        }
        const chunk = await body.read();
        if (chunk.done) throw new Error('the stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    };
    await expect(next()).resolves.toEqual({ name: 'ready', data: {} });
    return { next, close: () => abort.abort() };
  }

  /** A tenant with outlets X (bookable, as `bookableSetup`) and Y (a second staff member with hours). */
  async function twoOutlets() {
    const setup = await bookableSetup(writer);
    const outletY = await addOutlet(writer, setup.tenantId);
    const atY = await createdStaff(writer, setup.admin, outletY, {
      skills: { service_ids: [setup.service.service_id] },
    });
    await addWorkingHours(writer, setup.admin, atY.id, setup.date);
    const y = { ...setup, outletId: outletY, staffId: atY.id as string };
    return { x: setup, y };
  }

  const book = async (setup: Parameters<typeof bookingBody>[0] & { admin: string }, start: string) => {
    const booked = await writer.request('POST', '/staff/appointments', {
      token: setup.admin,
      body: bookingBody(setup, start),
    });
    expect(booked.status).toBe(201);
    return booked.body.id as string;
  };

  it('sends a STAFF member the changes of its outlet only, from another replica, never another tenant’s', async () => {
    const { x, y } = await twoOutlets();
    const other = await bookableSetup(writer);
    const stream = await follow(x.staff('STAFF', { outletIds: [x.outletId] }));

    await book(other, '10:00'); // another tenant
    await book(y, '10:00'); // another outlet of the tenant
    const atX = await book(x, '11:00');
    // NOTIFY reaches a listener in commit order: had the two others been sent, they would have come first.
    await expect(stream.next()).resolves.toEqual({
      name: 'appointment',
      data: { appointment_id: atX, outlet_id: x.outletId, dates: [x.date] },
    });

    // A move to another day names both days, so a calendar showing either reads again.
    const later = futureDate(6);
    await addWorkingHours(writer, x.admin, x.staffId, later);
    const moved = await writer.request('PUT', `/appointments/${atX}/reschedule`, {
      token: x.admin,
      body: { new_date: later, new_start_time: '11:00' },
    });
    expect(moved.status).toBe(200);
    const change = await stream.next();
    expect(change.name).toBe('appointment');
    expect(change.data.outlet_id).toBe(x.outletId);
    expect([...change.data.dates].sort()).toEqual([x.date, later].sort());
    stream.close();
  });

  it('sends the owner the changes of every outlet of its tenant only, and an outlet_id narrows it to one', async () => {
    const { x, y } = await twoOutlets();
    const other = await bookableSetup(writer);
    const everything = await follow(x.admin);
    const onlyY = await follow(x.admin, `?outlet_id=${y.outletId}`);

    await book(other, '12:00'); // another tenant: never sent, even to an owner who sees every outlet
    const atX = await book(x, '12:00');
    const atY = await book(y, '12:00');
    expect((await everything.next()).data).toMatchObject({ appointment_id: atX, outlet_id: x.outletId });
    expect((await everything.next()).data).toMatchObject({ appointment_id: atY, outlet_id: y.outletId });
    expect((await onlyY.next()).data).toMatchObject({ appointment_id: atY, outlet_id: y.outletId });
    everything.close();
    onlyY.close();
  });

  it('is 401 without a valid staff token, 403 for a customer or an outlet out of scope, 422 for a bad outlet_id', async () => {
    const { x, y } = await twoOutlets();
    const stream = (token?: string, query = '') =>
      reader.request('GET', `/appointments/stream${query}`, { token });

    const missing = await stream();
    expect(missing.status).toBe(401);
    expect(typeof missing.body.detail).toBe('string');
    const forged = await stream('not.a.token');
    expect(forged.status).toBe(401);
    expect(typeof forged.body.detail).toBe('string');

    const customer = await stream(x.customerToken(x.customerId));
    expect(customer.status).toBe(403);
    const manager = x.staff('OUTLET_MANAGER', { outletIds: [x.outletId] });
    const elsewhere = await stream(manager, `?outlet_id=${y.outletId}`);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toEqual({ detail: 'You do not have access to this outlet' });

    const malformed = await stream(manager, '?outlet_id=nope');
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].loc).toEqual(['query', 'outlet_id']);
  });
});
