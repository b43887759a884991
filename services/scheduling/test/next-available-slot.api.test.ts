import { handleInbox, startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { localToUtc, parseTime } from '../src/domain/time-rules';
import { onIdentityOutletUpserted } from '../src/events/handlers/identity.outlet.upserted';
import { addService, addWorkingHours, bookableSetup, createdStaff, futureDate, outletData } from './helpers';
import { bookAsStaff } from './schedule-helpers';

/* Issue 18 item 9: next_available_slot on GET /staff/{id} is the member's next free slot, from the grid. */
describe('next_available_slot', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  const tomorrow = () => futureDate(1);
  /** The UTC instant of `time` on `date` in the tenant's zone (Asia/Jakarta), as the API writes it. */
  const instant = (date: string, time: string) =>
    localToUtc(date, parseTime(time) as number, 'Asia/Jakarta').toISOString();

  const nextSlotOf = async (token: string, staffId: string) => {
    const response = await service.request('GET', `/staff/${staffId}`, { token });
    expect(response.status).toBe(200);
    return response.body.next_available_slot;
  };

  it("is tomorrow's first free slot, the grid's first available one, and the next once that is booked", async () => {
    const setup = await bookableSetup(service, { date: tomorrow() });
    expect(await nextSlotOf(setup.admin, setup.staffId)).toBe(instant(setup.date, '09:00'));

    // The grid at its default step agrees.
    const grid = await service.request(
      'GET',
      `/availability/availability-grid?service_id=${setup.service.service_id}&outlet_id=${setup.outletId}&start_date=${setup.date}&num_days=1`,
      { token: setup.admin },
    );
    const firstAvailable = grid.body.availability_grid[setup.date].find((slot: any) => slot.is_available);
    expect(instant(setup.date, firstAvailable.start_time)).toBe(instant(setup.date, '09:00'));

    expect((await bookAsStaff(service, setup, '09:00')).status).toBe(201);
    expect(await nextSlotOf(setup.admin, setup.staffId)).toBe(instant(setup.date, '10:00'));
    expect((await bookAsStaff(service, setup, '10:00')).status).toBe(201);
    expect(await nextSlotOf(setup.admin, setup.staffId)).toBe(instant(setup.date, '11:00'));

    // With the workload too; lists keep null (not computed per member).
    const detailed = await service.request('GET', `/staff/${setup.staffId}?include_workload=true`, {
      token: setup.admin,
    });
    expect(detailed.body).toMatchObject({
      next_available_slot: instant(setup.date, '11:00'),
      workload: expect.any(Object),
    });
    const list = await service.request('GET', '/staff', { token: setup.admin });
    expect(list.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: setup.staffId, next_available_slot: null })]),
    );
  });

  it("comes from any of the member's services: hours allowing only a 30-minute one give its first slot", async () => {
    const setup = await bookableSetup(service, { date: tomorrow() });
    const short = await addService(service, setup.tenantId, { name: 'Fringe', duration_minutes: 30 });
    const member = await createdStaff(service, setup.admin, setup.outletId);
    // 08:00–08:30 fits only the 30-minute service; 13:00–17:00 fits both.
    await addWorkingHours(service, setup.admin, member.id, setup.date, '08:00', '08:30', {
      service_ids: [short.service_id],
    });
    await addWorkingHours(service, setup.admin, member.id, setup.date, '13:00', '17:00');
    expect(await nextSlotOf(setup.admin, member.id)).toBe(instant(setup.date, '08:00'));
  });

  it('is null with no working hours, and null at a closed outlet', async () => {
    const setup = await bookableSetup(service, { date: tomorrow() });
    const idle = await createdStaff(service, setup.admin, setup.outletId);
    expect(await nextSlotOf(setup.admin, idle.id)).toBeNull();

    expect(await nextSlotOf(setup.admin, setup.staffId)).toBe(instant(setup.date, '09:00'));
    await handleInbox(
      service,
      'identity.outlet.upserted.v1',
      onIdentityOutletUpserted,
      outletData(setup.tenantId, { outlet_id: setup.outletId, is_active: false, version: 2 }),
      { tenantId: setup.tenantId },
    );
    expect(await nextSlotOf(setup.admin, setup.staffId)).toBeNull();
  });
});
