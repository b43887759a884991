import { schedulingApi } from '@salon/contracts';
import { contractCalls, startTestService, type TestService } from '@salon/testing';
import { schedulingService } from '../src/definition';
import { addWorkingHours, bookableSetup, bookingBody, futureDate } from './helpers';

/** Every answer parses with the response schema its operation contract documents (strict: no extra fields). */
describe('scheduling answers match their operation contracts', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(schedulingService);
  });
  afterAll(() => service.stop());

  const { call } = contractCalls(schedulingApi.schedulingOperations, () => service);

  it('staff members', async () => {
    const setup = await bookableSetup(service);
    const token = setup.admin;
    await call('GET /staff', '/staff?include_availability=true', { token });
    await call('GET /staff/positions/templates', '/staff/positions/templates', { token });
    await call('GET /staff/{staff_id}', `/staff/${setup.staffId}?include_workload=true`, { token });
    await call('PUT /staff/{staff_id}', `/staff/${setup.staffId}`, {
      token,
      body: { bio: 'Colour specialist', skills: { specialties: ['colour'], years_experience: 4 } },
    });
    const other = (await call('POST /staff', '/staff', {
      token,
      body: {
        outlet_id: setup.outletId,
        first_name: 'Maya',
        last_name: 'Sari',
        email: `maya-${setup.tenantId}@glow.example`,
        position: 'Stylist',
        employment_type: 'part_time',
        gender: 'female',
        hire_date: '2024-01-15',
        hourly_rate: 50000,
      },
    })) as { id: string };
    await call('DELETE /staff/{staff_id}', `/staff/${other.id}`, { token });
  });

  it('availability: entries, patterns, bulk, check and the grids', async () => {
    const setup = await bookableSetup(service);
    const token = setup.admin;
    const later = futureDate(10);
    const entry = (await call('POST /availability', '/availability', {
      token,
      body: {
        staff_id: setup.staffId,
        date: later,
        start_time: '09:00',
        end_time: '12:00',
        availability_type: 'working_hours',
        service_ids: [setup.service.service_id],
      },
    })) as { id: string };
    await call('POST /availability', '/availability', {
      token,
      body: {
        staff_id: setup.staffId,
        date: futureDate(20),
        start_time: '09:00',
        end_time: '17:00',
        availability_type: 'working_hours',
        recurrence_type: 'weekly',
        recurrence_end_date: futureDate(40),
        recurrence_days: [0, 2],
      },
    });
    await call('POST /availability/bulk', '/availability/bulk', {
      token,
      body: {
        entries: [
          {
            staff_id: setup.staffId,
            date: futureDate(11),
            start_time: '09:00',
            end_time: '17:00',
            availability_type: 'working_hours',
          },
        ],
      },
    });
    await call('PUT /availability/{availability_id}', `/availability/${entry.id}`, {
      token,
      body: { end_time: '13:00', notes: 'Longer morning' },
    });
    await call('GET /availability', `/availability?start_date=${setup.date}&end_date=${later}`, { token });
    await call(
      'GET /availability/check',
      `/availability/check?staff_id=${setup.staffId}&date=${setup.date}&start_time=10:00&end_time=11:00&service_id=${setup.service.service_id}`,
      { token },
    );
    // Not working that day: the not-working answer with its conflicts list.
    await call(
      'GET /availability/check',
      `/availability/check?staff_id=${setup.staffId}&date=${futureDate(12)}&start_time=10:00&end_time=11:00`,
      { token },
    );
    const grid = `service_id=${setup.service.service_id}&outlet_id=${setup.outletId}&start_date=${setup.date}`;
    const staffGrid = (await call(
      'GET /availability/availability-grid',
      `/availability/availability-grid?${grid}&num_days=2`,
      { token },
    )) as { metadata: { total_available_slots: number } };
    expect(staffGrid.metadata.total_available_slots).toBeGreaterThan(0);
    await call(
      'GET /public/tenants/{slug}/availability',
      `/public/tenants/glow-${setup.tenantId}/availability?${grid}&num_days=1`,
      {},
    );
    await call(
      'GET /public/tenants/{slug}/staff',
      `/public/tenants/glow-${setup.tenantId}/staff?outlet_id=${setup.outletId}&service_id=${setup.service.service_id}`,
    );
    await call('DELETE /availability/{availability_id}', `/availability/${entry.id}`, { token });
  });

  it('appointments: book, list, read, reschedule, status, cancel, a customer history', async () => {
    const setup = await bookableSetup(service);
    const token = setup.admin;
    const customer = setup.customerToken(setup.customerId);
    const staffBooked = (await call('POST /staff/appointments', '/staff/appointments', {
      token,
      body: bookingBody(setup, '10:00', { notes: 'Window seat' }),
    })) as { id: string };
    const own = (await call('POST /appointments', '/appointments', {
      token: customer,
      body: bookingBody(setup, '13:00', { customer_id: undefined }),
    })) as { id: string };
    await call('GET /appointments', `/appointments?start_date=${setup.date}&end_date=${setup.date}`, {
      token,
    });
    await call('GET /appointments', '/appointments', { token: customer });
    await call('GET /appointments/{appointment_id}', `/appointments/${own.id}`, { token: customer });
    await addWorkingHours(service, token, setup.staffId, futureDate(6));
    await call('PUT /appointments/{appointment_id}/reschedule', `/appointments/${own.id}/reschedule`, {
      token: customer,
      body: { new_date: futureDate(6), new_start_time: '11:00' },
    });
    await call('PUT /appointments/{appointment_id}/status', `/appointments/${staffBooked.id}/status`, {
      token,
      body: { status: 'confirmed' },
    });
    await call('PUT /appointments/{appointment_id}/cancel', `/appointments/${own.id}/cancel`, {
      token: customer,
    });
    await call('GET /staff/{staff_id}/appointments', `/staff/${setup.staffId}/appointments`, { token });
    await call('GET /customers/{customer_id}/appointments', `/customers/${setup.customerId}/appointments`, {
      token,
    });
  });
});
