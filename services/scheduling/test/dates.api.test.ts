import { startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { bookableSetup, bookingBody } from './helpers';
import { bookAsStaff } from './schedule-helpers';

/**
 * Dates and times that cannot be right are a 422 in the spec's validation shape, never a 500 (issue 18, item 10).
 * Every date taken is between 1900-01-01 and 2999-12-31 (docs/decisions.md); a time is HH:MM from 00:00 to 23:59.
 */
describe('date and time inputs', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  const BAD_DATES = [
    '0000-01-01',
    '0001-01-01',
    '1899-12-31',
    '3000-01-01',
    '9999-12-31',
    '2026-02-29',
    '2026-13-01',
    '2026-1-05',
    '2026-01-5',
    '+02026-01-05',
    '10000-01-01',
  ];
  const BAD_TIMES = ['24:00', '23:60', '9:30', '09:5', '24:00:00', '-1:00', '12:30:60'];

  function expect422(response: { status: number; body: unknown }, loc: (string | number)[], input: string) {
    if (response.status !== 422) {
      throw new Error(`${input} at ${loc.join('.')}: ${response.status} ${JSON.stringify(response.body)}`);
    }
    const { detail } = response.body as { detail: { loc: (string | number)[]; msg: string; type: string }[] };
    expect(detail).toEqual(
      expect.arrayContaining([{ loc, msg: expect.any(String), type: expect.any(String) }]),
    );
  }

  it('answers 422 for every impossible or out-of-range date in a query, and keeps the bounds', async () => {
    const setup = await bookableSetup(service);
    const { admin } = setup;
    const grid = `/availability/availability-grid?service_id=${setup.service.service_id}&outlet_id=${setup.outletId}`;
    const queries: [string, string][] = [
      [grid + '&start_date=', 'start_date'],
      [grid + '&start_date=2026-01-01&end_date=', 'end_date'],
      ['/availability?start_date=', 'start_date'],
      ['/availability?end_date=', 'end_date'],
      [`/availability/check?staff_id=${setup.staffId}&start_time=10:00&end_time=11:00&date=`, 'date'],
      ['/appointments?start_date=', 'start_date'],
      ['/appointments?end_date=', 'end_date'],
      [`/staff/${setup.staffId}/appointments?start_date=`, 'start_date'],
      [`/staff/${setup.staffId}/appointments?end_date=`, 'end_date'],
    ];
    for (const [prefix, field] of queries) {
      for (const date of BAD_DATES) {
        const response = await service.request('GET', prefix + encodeURIComponent(date), { token: admin });
        expect422(response, ['query', field], `${prefix}${date}`);
      }
    }
    const customerToken = setup.customerToken(setup.customerId);
    for (const date of BAD_DATES) {
      for (const field of ['start_date', 'end_date']) {
        const mine = await service.request('GET', `/appointments?${field}=${encodeURIComponent(date)}`, {
          token: customerToken,
        });
        expect422(mine, ['query', field], `customer ${field}=${date}`);
      }
      for (const field of ['from_date', 'to_date']) {
        const theirs = await service.request(
          'GET',
          `/customers/${setup.customerId}/appointments?${field}=${encodeURIComponent(date)}`,
          { token: admin },
        );
        expect422(theirs, ['query', field], `${field}=${date}`);
      }
      const open = await service.request(
        'GET',
        `/public/tenants/glow-${setup.tenantId}/availability?service_id=${setup.service.service_id}` +
          `&outlet_id=${setup.outletId}&start_date=${encodeURIComponent(date)}`,
      );
      expect422(open, ['query', 'start_date'], `public start_date=${date}`);
    }

    // The bounds themselves are dates.
    for (const [start, end] of <[string, string][]>[
      ['1900-01-01', '1900-01-31'],
      ['2999-12-01', '2999-12-31'],
    ]) {
      const listed = await service.request('GET', `/availability?start_date=${start}&end_date=${end}`, {
        token: admin,
      });
      expect(listed.status).toBe(200);
      expect(listed.body.total).toBe(0);
      const days = await service.request('GET', `${grid}&start_date=${end}&num_days=1`, { token: admin });
      expect(days.status).toBe(200);
      expect(days.body.availability_grid).toEqual({ [end]: [] });
    }
  });

  it('answers 422 for impossible dates and times in availability and booking bodies', async () => {
    const setup = await bookableSetup(service);
    const { admin } = setup;
    const entry = {
      staff_id: setup.staffId,
      date: setup.date,
      start_time: '09:00',
      end_time: '10:00',
      availability_type: 'break',
    };
    const booked = (await bookAsStaff(service, setup, '10:00')).body as { id: string };
    const bodies: [string, string, Record<string, unknown>, string, 'date' | 'time'][] = [
      ['POST', '/availability', entry, 'date', 'date'],
      ['POST', '/availability', entry, 'start_time', 'time'],
      ['POST', '/availability', entry, 'end_time', 'time'],
      ['POST', '/availability', { ...entry, recurrence_type: 'daily' }, 'recurrence_end_date', 'date'],
      ['POST', '/appointments', bookingBody(setup), 'appointment_date', 'date'],
      ['POST', '/appointments', bookingBody(setup), 'start_time', 'time'],
      ['POST', '/staff/appointments', bookingBody(setup), 'appointment_date', 'date'],
      ['POST', '/staff/appointments', bookingBody(setup), 'start_time', 'time'],
      ['PUT', `/appointments/${booked.id}/reschedule`, { new_start_time: '11:00' }, 'new_date', 'date'],
      ['PUT', `/appointments/${booked.id}/reschedule`, { new_date: setup.date }, 'new_start_time', 'time'],
      ['POST', '/staff', { ...staffFields(setup.outletId) }, 'hire_date', 'date'],
      ['POST', '/staff', { ...staffFields(setup.outletId) }, 'birth_date', 'date'],
    ];
    for (const [method, path, body, field, kind] of bodies) {
      for (const value of kind === 'date' ? BAD_DATES : BAD_TIMES) {
        const response = await service.request(method as 'POST', path, {
          token: admin,
          body: { ...body, [field]: value },
        });
        expect422(response, ['body', field], `${method} ${path} ${field}=${value}`);
      }
    }
    const bulk = await service.request('POST', '/availability/bulk', {
      token: admin,
      body: { entries: [entry, { ...entry, date: '0000-01-01' }] },
    });
    expect422(bulk, ['body', 'entries', 1, 'date'], 'bulk');
  });

  it('takes birth dates in the past only, and hire dates in the range', async () => {
    const setup = await bookableSetup(service);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await service.request('POST', '/staff', {
      token: setup.admin,
      body: { ...staffFields(setup.outletId), birth_date: tomorrow },
    });
    expect422(future, ['body', 'birth_date'], tomorrow);
    const fine = await service.request('POST', '/staff', {
      token: setup.admin,
      body: { ...staffFields(setup.outletId), birth_date: '1900-01-01', hire_date: '2999-12-31' },
    });
    expect(fine.status).toBe(201);
    expect(fine.body).toMatchObject({ birth_date: '1900-01-01', hire_date: '2999-12-31' });
  });
});

let staffCount = 0;
function staffFields(outletId: string) {
  staffCount += 1;
  return {
    outlet_id: outletId,
    first_name: 'Dewi',
    last_name: `Date${staffCount}`,
    email: `dates-${staffCount}-${Date.now()}@glow.example`,
    position: 'Stylist',
    employment_type: 'full_time',
  };
}
