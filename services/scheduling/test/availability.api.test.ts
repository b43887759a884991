import { newId } from '@salon/service-kit';
import { startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { addDays, weekdayOf } from '../src/domain/time-rules';
import { addWorkingHours, createdStaff, futureDate, newTenant } from './helpers';
import { tenantWithOutlet } from './schedule-helpers';

describe('availability entries', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  async function setup() {
    const tenant = await tenantWithOutlet(service);
    const member = await createdStaff(service, tenant.admin, tenant.outletId);
    return { ...tenant, staffId: member.id as string };
  }
  const entry = (staffId: string, date: string, type: string, start: string, end: string, extra = {}) => ({
    staff_id: staffId,
    date,
    start_time: start,
    end_time: end,
    availability_type: type,
    ...extra,
  });

  it('creates a single entry in the spec shape', async () => {
    const { admin, staffId, outletId } = await setup();
    const date = futureDate(3);
    const response = await service.request('POST', '/availability', {
      token: admin,
      body: entry(staffId, date, 'working_hours', '09:00', '17:00', { notes: 'morning', is_available: true }),
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      staff_id: staffId,
      outlet_id: outletId,
      date,
      start_time: '09:00:00',
      end_time: '17:00:00',
      availability_type: 'working_hours',
      recurrence_type: 'none',
      recurrence_end_date: null,
      recurrence_days: null,
      is_available: true,
      notes: 'morning',
      service_ids: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('validates type and is_available, times, steps and recurrence (422)', async () => {
    const { admin, staffId } = await setup();
    const date = futureDate(3);
    const post = (body: Record<string, unknown>) =>
      service.request('POST', '/availability', { token: admin, body });
    const mismatch = await post(entry(staffId, date, 'break', '12:00', '13:00', { is_available: true }));
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.detail[0].loc).toEqual(['body', 'is_available']);
    expect(
      (await post(entry(staffId, date, 'working_hours', '09:00', '17:00', { is_available: false }))).status,
    ).toBe(422);
    const order = await post(entry(staffId, date, 'working_hours', '17:00', '09:00'));
    expect(order.body.detail[0].loc).toEqual(['body', 'end_time']);
    const step = await post(entry(staffId, date, 'working_hours', '09:03', '17:00'));
    expect(step.body.detail[0]).toMatchObject({ loc: ['body', 'start_time'] });
    expect((await post(entry(staffId, '2025-02-30', 'working_hours', '09:00', '17:00'))).status).toBe(422);
    expect((await post(entry(staffId, date, 'holiday', '09:00', '17:00'))).status).toBe(422);
    expect((await post(entry(staffId, date, 'working_hours', '25:00', '26:00'))).status).toBe(422);
    const noEnd = await post(
      entry(staffId, date, 'working_hours', '09:00', '17:00', { recurrence_type: 'daily' }),
    );
    expect(noEnd.body.detail[0]).toMatchObject({ loc: ['body', 'recurrence_end_date'], type: 'missing' });
    const tooMany = await post(
      entry(staffId, date, 'working_hours', '09:00', '17:00', {
        recurrence_type: 'daily',
        recurrence_end_date: addDays(date, 365),
      }),
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0].msg).toContain('365');
    // Nothing of the refused pattern was stored.
    const list = await service.request(
      'GET',
      `/availability?start_date=${date}&end_date=${addDays(date, 400)}`,
      {
        token: admin,
      },
    );
    expect(list.body.total).toBe(0);
    expect((await post(entry(newId(), date, 'working_hours', '09:00', '17:00'))).status).toBe(404);
  });

  it('expands daily (365 cap), weekly and monthly patterns with the summary shape', async () => {
    const { admin, staffId } = await setup();
    const start = futureDate(2);
    const daily = await service.request('POST', '/availability', {
      token: admin,
      body: entry(staffId, start, 'working_hours', '09:00', '12:00', {
        recurrence_type: 'daily',
        recurrence_end_date: addDays(start, 364),
      }),
    });
    expect(daily.status).toBe(201);
    expect(daily.body).toEqual({
      message: expect.any(String),
      summary: {
        total_entries_created: 365,
        date_range: { start, end: addDays(start, 364) },
        recurrence_pattern: { type: 'daily', days: expect.arrayContaining(['Monday', 'Sunday']) },
        staff_id: staffId,
        availability_type: 'working_hours',
        time_range: '09:00-12:00',
      },
      sample_entry: { id: expect.any(String), date: start, start_time: '09:00:00', end_time: '12:00:00' },
    });
    const monday = addDays(start, (7 - weekdayOf(start)) % 7);
    const weekly = await service.request('POST', '/availability', {
      token: admin,
      body: entry(staffId, monday, 'working_hours', '13:00', '17:00', {
        recurrence_type: 'weekly',
        recurrence_end_date: addDays(monday, 13),
        recurrence_days: [0, 2, 4],
      }),
    });
    expect(weekly.body.summary).toMatchObject({
      total_entries_created: 6,
      recurrence_pattern: { type: 'weekly', days: ['Monday', 'Wednesday', 'Friday'] },
    });
    const monthly = await service.request('POST', '/availability', {
      token: admin,
      body: entry(staffId, start, 'working_hours', '18:00', '20:00', {
        recurrence_type: 'monthly',
        recurrence_end_date: addDays(start, 95),
      }),
    });
    expect(monthly.body.summary.total_entries_created).toBeGreaterThanOrEqual(3);
    const list = await service.request(
      'GET',
      `/availability?start_date=${monday}&end_date=${addDays(monday, 13)}&size=100`,
      { token: admin },
    );
    expect(list.body.items.filter((e: any) => e.start_time === '13:00:00')).toHaveLength(6);
  });

  it('applies the overlap rules and names the conflicting entry (409); a pattern is all or nothing', async () => {
    const { admin, staffId } = await setup();
    const date = futureDate(4);
    const post = (body: Record<string, unknown>) =>
      service.request('POST', '/availability', { token: admin, body });
    const working = await addWorkingHours(service, admin, staffId, date, '09:00', '17:00');
    const overlapping = await post(entry(staffId, date, 'working_hours', '16:00', '18:00'));
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.detail).toContain(working.id);
    expect((await post(entry(staffId, date, 'working_hours', '17:00', '19:00'))).status).toBe(201);
    const lunch = await post(entry(staffId, date, 'break', '12:00', '13:00'));
    expect(lunch.status).toBe(201);
    const breakClash = await post(entry(staffId, date, 'break', '12:30', '13:30'));
    expect(breakClash.status).toBe(409);
    expect(breakClash.body.detail).toContain(lunch.body.id);
    expect((await post(entry(staffId, date, 'break', '20:00', '20:30'))).status).toBe(409);
    const blocked = await post(entry(staffId, date, 'blocked', '11:00', '14:00'));
    expect(blocked.status).toBe(201);
    const vacation = await post(entry(staffId, date, 'vacation', '00:00', '23:55'));
    expect(vacation.status).toBe(409);
    expect(vacation.body.detail).toContain(blocked.body.id);
    // A daily pattern whose last day clashes creates nothing at all.
    const later = addDays(date, 3);
    await addWorkingHours(service, admin, staffId, later, '10:00', '11:00');
    const pattern = await post(
      entry(staffId, addDays(date, 1), 'working_hours', '09:00', '17:00', {
        recurrence_type: 'daily',
        recurrence_end_date: later,
      }),
    );
    expect(pattern.status).toBe(409);
    const list = await service.request(
      'GET',
      `/availability?start_date=${addDays(date, 1)}&end_date=${later}`,
      {
        token: admin,
      },
    );
    expect(list.body.total).toBe(1);
  });

  it('updates and deletes under the same rules', async () => {
    const { admin, staffId, tenantId } = await setup();
    const date = futureDate(6);
    const working = await addWorkingHours(service, admin, staffId, date, '09:00', '17:00');
    const other = await addWorkingHours(service, admin, staffId, date, '18:00', '20:00');
    const lunch = await service.request('POST', '/availability', {
      token: admin,
      body: entry(staffId, date, 'break', '12:00', '13:00'),
    });
    const moved = await service.request('PUT', `/availability/${working.id}`, {
      token: admin,
      body: { start_time: '08:00', notes: 'early' },
    });
    expect(moved.body).toMatchObject({ start_time: '08:00:00', end_time: '17:00:00', notes: 'early' });
    expect(
      (
        await service.request('PUT', `/availability/${working.id}`, {
          token: admin,
          body: { end_time: '18:30' },
        })
      ).status,
    ).toBe(409);
    const shrink = await service.request('PUT', `/availability/${working.id}`, {
      token: admin,
      body: { end_time: '12:30' },
    });
    expect(shrink.status).toBe(409);
    expect(shrink.body.detail).toContain(lunch.body.id);
    expect(
      (
        await service.request('PUT', `/availability/${working.id}`, {
          token: admin,
          body: { is_available: false },
        })
      ).status,
    ).toBe(422);
    expect((await service.request('DELETE', `/availability/${working.id}`, { token: admin })).status).toBe(
      409,
    );
    expect((await service.request('DELETE', `/availability/${lunch.body.id}`, { token: admin })).status).toBe(
      204,
    );
    expect((await service.request('DELETE', `/availability/${working.id}`, { token: admin })).status).toBe(
      204,
    );
    const stranger = newTenant(service);
    expect(
      (await service.request('DELETE', `/availability/${other.id}`, { token: stranger.admin })).status,
    ).toBe(404);
    expect(
      (await service.request('PUT', `/availability/${newId()}`, { token: admin, body: {} })).status,
    ).toBe(404);
    void tenantId;
  });

  it('creates bulk entries all or nothing', async () => {
    const { admin, staffId } = await setup();
    const date = futureDate(8);
    const ok = await service.request('POST', '/availability/bulk', {
      token: admin,
      body: {
        entries: [
          entry(staffId, date, 'break', '12:00', '13:00'),
          entry(staffId, date, 'working_hours', '09:00', '17:00'),
          entry(staffId, addDays(date, 1), 'working_hours', '09:00', '17:00'),
        ],
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.total_entries_created).toBe(3);
    const bad = await service.request('POST', '/availability/bulk', {
      token: admin,
      body: {
        entries: [
          entry(staffId, addDays(date, 2), 'working_hours', '09:00', '17:00'),
          entry(staffId, addDays(date, 2), 'working_hours', '10:00', '11:00'),
        ],
      },
    });
    expect(bad.status).toBe(409);
    const invalid = await service.request('POST', '/availability/bulk', {
      token: admin,
      body: { entries: [entry(staffId, date, 'break', '12:00', '13:01')] },
    });
    expect(invalid.body.detail[0].loc).toEqual(['body', 'entries', 0, 'end_time']);
    const list = await service.request(
      'GET',
      `/availability?start_date=${addDays(date, 2)}&end_date=${addDays(date, 2)}`,
      {
        token: admin,
      },
    );
    expect(list.body.total).toBe(0);
  });

  it('lists with defaults, filters, sort and role visibility', async () => {
    const { admin, staffId, outletId, staff } = await setup();
    const colleague = await createdStaff(service, admin, outletId);
    const date = futureDate(1);
    await addWorkingHours(service, admin, colleague.id, date, '13:00', '17:00');
    await addWorkingHours(service, admin, staffId, date, '09:00', '12:00');
    await addWorkingHours(service, admin, staffId, addDays(date, 1), '08:00', '12:00');
    const own = staff('STAFF', { staffId });
    const query = `start_date=${date}&end_date=${addDays(date, 1)}`;
    const all = await service.request('GET', `/availability?${query}`, { token: admin });
    expect(all.body.items.map((e: any) => [e.date, e.start_time])).toEqual([
      [date, '09:00:00'],
      [date, '13:00:00'],
      [addDays(date, 1), '08:00:00'],
    ]);
    const mine = await service.request('GET', `/availability?${query}`, { token: own });
    expect(mine.body.items.every((e: any) => e.staff_id === staffId)).toBe(true);
    expect(mine.body.total).toBe(2);
    const unlinked = await service.request('GET', `/availability?${query}`, {
      token: staff('OUTLET_MANAGER'),
    });
    expect(unlinked.body.total).toBe(0);
    const filtered = await service.request(
      'GET',
      `/availability?${query}&staff_id=${colleague.id}&availability_type=working_hours&outlet_id=${outletId}`,
      { token: admin },
    );
    expect(filtered.body.total).toBe(1);
    expect(
      (
        await service.request('GET', `/availability?start_date=${addDays(date, 1)}&end_date=${date}`, {
          token: admin,
        })
      ).status,
    ).toBe(422);
    expect((await service.request('GET', '/availability', { token: admin })).body).toMatchObject({
      page: 1,
      size: 20,
    });
    // STAFF write only for themselves; RECEPTIONIST not at all.
    const forColleague = await service.request('POST', '/availability', {
      token: own,
      body: entry(colleague.id, addDays(date, 2), 'working_hours', '09:00', '10:00'),
    });
    expect(forColleague.status).toBe(403);
    const forSelf = await service.request('POST', '/availability', {
      token: own,
      body: entry(staffId, addDays(date, 2), 'working_hours', '09:00', '10:00'),
    });
    expect(forSelf.status).toBe(201);
    expect(
      (
        await service.request('POST', '/availability', {
          token: staff('RECEPTIONIST'),
          body: entry(staffId, addDays(date, 3), 'working_hours', '09:00', '10:00'),
        })
      ).status,
    ).toBe(403);
  });

  it('checks a time with working hours, breaks and reasons', async () => {
    const { admin, staffId, staff } = await setup();
    const date = futureDate(5);
    await addWorkingHours(service, admin, staffId, date, '09:00', '17:00');
    await service.request('POST', '/availability', {
      token: admin,
      body: entry(staffId, date, 'break', '12:00', '13:00'),
    });
    const check = (start: string, end: string, token = admin) =>
      service.request(
        'GET',
        `/availability/check?staff_id=${staffId}&date=${date}&start_time=${start}&end_time=${end}`,
        {
          token,
        },
      );
    expect((await check('10:00', '11:00')).body).toEqual({
      available: true,
      message: expect.any(String),
      reason: null,
      working_hours: {
        start_time: '09:00:00',
        end_time: '17:00:00',
        breaks: [{ start: '12:00:00', end: '13:00:00' }],
      },
      conflicts: [],
    });
    const lunch = (await check('12:30', '13:30')).body;
    expect(lunch).toMatchObject({ available: false, reason: 'staff_not_working' });
    expect(lunch.conflicts).toEqual([
      { id: expect.any(String), type: 'break', start_time: '12:00:00', end_time: '13:00:00', notes: null },
    ]);
    expect((await check('17:00', '18:00')).body).toMatchObject({
      available: false,
      reason: 'staff_not_working',
    });
    expect((await check('11:00', '10:00')).status).toBe(422);
    expect((await check('10:00', '11:00', staff('STAFF', { staffId: newId() }))).status).toBe(403);
    expect((await check('10:00', '11:00', staff('STAFF', { staffId }))).status).toBe(200);
  });
});
