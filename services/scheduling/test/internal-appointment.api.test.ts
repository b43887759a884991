import { appointmentSnapshotSchema } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import { TEST_INTERNAL_TOKEN, startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { bookableSetup } from './helpers';
import { bookAsStaff } from './schedule-helpers';

/** GET /internal/tenants/{tenant_id}/appointments/{appointment_id}: commerce's single read of an appointment. */
describe('the appointment as its events carry it, for other services', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  const INTERNAL = { 'x-internal-token': TEST_INTERNAL_TOKEN };
  const read = (tenantId: string, appointmentId: string, headers: Record<string, string> = INTERNAL) =>
    service.request('GET', `/internal/tenants/${tenantId}/appointments/${appointmentId}`, { headers });

  it("answers the snapshot of the tenant's appointment, and nothing of another tenant's", async () => {
    const setup = await bookableSetup(service);
    const booked = await bookAsStaff(service, setup);
    expect(booked.status).toBe(201);

    const answer = await read(setup.tenantId, booked.body.id);
    expect(answer.status).toBe(200);
    expect(appointmentSnapshotSchema.parse(answer.body)).toMatchObject({
      appointment_id: booked.body.id,
      tenant_id: setup.tenantId,
      customer_id: setup.customerId,
      status: booked.body.status,
      total_price: booked.body.total_price,
      version: booked.body.version,
    });

    const other = await bookableSetup(service);
    expect(await read(other.tenantId, booked.body.id)).toMatchObject({
      status: 404,
      body: { detail: 'Appointment not found' },
    });
    expect((await read(setup.tenantId, newId())).status).toBe(404);
  });

  it('refuses malformed ids with 422 in the error shape', async () => {
    const answer = await read('not-a-tenant', 'nor-an-appointment');
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0]).toMatchObject({ loc: ['path', 'tenant_id'] });
  });

  it('is not there for a caller without the internal token, whatever bearer token it holds', async () => {
    const setup = await bookableSetup(service);
    const booked = await bookAsStaff(service, setup);
    expect((await read(setup.tenantId, booked.body.id, {})).status).toBe(404);
    expect(
      (await read(setup.tenantId, booked.body.id, { 'x-internal-token': 'wrong-token-0123456789' })).status,
    ).toBe(404);
    const asStaff = await service.request(
      'GET',
      `/internal/tenants/${setup.tenantId}/appointments/${booked.body.id}`,
      {
        token: setup.admin,
      },
    );
    expect(asStaff.status).toBe(404);
  });
});
