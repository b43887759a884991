import { sql } from 'drizzle-orm';
import { newId, selectRows } from '@salon/service-kit';
import { TEST_INTERNAL_TOKEN, startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { bookableSetup } from './helpers';
import { addBreak, bookAsStaff } from './schedule-helpers';

/**
 * The grid's reads kept by a replica (GridReadCache): used again while nothing changed, never after a change
 * has committed, whoever made it: this replica, another one (here: SQL on its own connection) or a transaction
 * that was still open when the kept read was taken.
 */
describe('availability grid: kept reads', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  type Setup = Awaited<ReturnType<typeof bookableSetup>>;
  /** The day's slots at 60 minutes as [start, available] pairs. */
  const day = async (setup: Setup) => {
    const response = await service.request(
      'GET',
      `/availability/availability-grid?service_id=${setup.service.service_id}&outlet_id=${setup.outletId}` +
        `&start_date=${setup.date}&num_days=1&slot_interval_minutes=60`,
      { token: setup.admin },
    );
    expect(response.status).toBe(200);
    return (response.body.availability_grid[setup.date] as { start_time: string; is_available: boolean }[])
      .filter((slot) => ['09:00', '10:00', '12:00'].includes(slot.start_time))
      .map((slot) => [slot.start_time, slot.is_available]);
  };
  const readsCounted = async () => {
    const text = await (await fetch(`${service.metricsUrl}/metrics`)).text();
    const count = (result: string) =>
      Number(text.match(new RegExp(`scheduling_grid_reads_total\\{result="${result}"\\} (\\d+)`))?.[1] ?? 0);
    return { hit: count('hit'), stale: count('stale'), miss: count('miss') };
  };
  const db = () => service.running.context.db;
  const ALL_FREE = [
    ['09:00', true],
    ['10:00', true],
    ['12:00', true],
  ];
  const NINE_TAKEN = [
    ['09:00', false],
    ['10:00', true],
    ['12:00', true],
  ];
  /** A cancellation's write to the segments, in SQL: none of this replica's code runs. */
  const deactivate = (appointmentId: string) =>
    sql`UPDATE scheduling.appointment_services SET active = false WHERE appointment_id = ${appointmentId}`;

  it('reads a staff member once while nothing changes, and again after each change', async () => {
    const setup = await bookableSetup(service);
    const before = await readsCounted();
    expect(await day(setup)).toEqual(ALL_FREE);
    expect(await day(setup)).toEqual(ALL_FREE);
    const kept = await readsCounted();
    // The first grid read entries and occupancies of its one staff member, the second read neither.
    expect(kept.miss - before.miss).toBe(2);
    expect(kept.hit - before.hit).toBe(2);

    await bookAsStaff(service, setup, '10:00');
    await addBreak(service, setup, '12:00', '13:00');
    expect(await day(setup)).toEqual([
      ['09:00', true],
      ['10:00', false],
      ['12:00', false],
    ]);
    const after = await readsCounted();
    expect(after.stale - kept.stale).toBe(2);
  });

  it('sees a change another replica committed', async () => {
    const setup = await bookableSetup(service);
    const booked = await bookAsStaff(service, setup, '09:00');
    expect(await day(setup)).toEqual(NINE_TAKEN);
    // Another replica cancels it: nothing reaches this one but the database.
    await db().orm.execute(deactivate(booked.body.id));
    expect(await day(setup)).toEqual(ALL_FREE);
  });

  it('does not keep a read taken while a change was in progress once it commits', async () => {
    const setup = await bookableSetup(service);
    const booked = await bookAsStaff(service, setup, '09:00');
    await db().withTx(async (tx) => {
      await tx.execute(deactivate(booked.body.id));
      // Not committed yet: the grid still shows the slot taken, and keeps that read.
      expect(await day(setup)).toEqual(NINE_TAKEN);
    });
    expect(await day(setup)).toEqual(ALL_FREE);
  });

  it('ignores changes that a grid does not read, and marks each change of the ones it does', async () => {
    const setup = await bookableSetup(service);
    const booked = await bookAsStaff(service, setup, '09:00');
    const marks = async () =>
      Number(
        (
          await selectRows<{ count: string }>(
            db().orm,
            sql`SELECT count(*) AS count FROM scheduling.staff_schedule_changes WHERE staff_id = ${setup.staffId}`,
          )
        )[0]!.count,
      );
    const start = await marks();
    await db().orm.execute(
      sql`UPDATE scheduling.appointment_services SET staff_name = 'Renamed' WHERE appointment_id = ${booked.body.id}`,
    );
    expect(await marks()).toBe(start);
    const cancelled = await service.request('PUT', `/appointments/${booked.body.id}/cancel`, {
      token: setup.admin,
    });
    expect(cancelled.status).toBe(200);
    expect(await marks()).toBe(start + 1);
  });

  it('lets the retention job delete change marks older than a day, and keeps newer ones', async () => {
    const staffId = newId();
    await db().orm.execute(
      sql`INSERT INTO scheduling.staff_schedule_changes (staff_id, changed_at)
          SELECT ${staffId}, now() - make_interval(hours => age)
          FROM unnest(ARRAY[25, 30, 49, 23]) AS age`,
    );
    const response = await service.request('POST', '/internal/jobs/retention', {
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });
    expect(response.status).toBe(200);
    expect(response.body.deleted.staff_schedule_changes).toBe(3);
    const left = await selectRows<{ age: number }>(
      db().orm,
      sql`SELECT extract(hour FROM now() - changed_at)::int AS age
          FROM scheduling.staff_schedule_changes WHERE staff_id = ${staffId}`,
    );
    expect(left).toEqual([{ age: 23 }]);
  });
});
