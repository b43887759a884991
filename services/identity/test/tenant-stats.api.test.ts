import { sql } from 'drizzle-orm';
import { type AppointmentSnapshot } from '@salon/contracts';
import { newEvent } from '@salon/messaging';
import { newId, selectRows } from '@salon/service-kit';
import { setTenantPlan, waitFor, type TestService } from '@salon/testing';
import { monthRange } from '../src/domain/stats-rules';
import { APPOINTMENT_CONSUMER } from '../src/events/subscriptions';
import { registeredCustomer, registeredTenant, startWithSuperAdmin } from './helpers';

const SUPER_ADMIN = { email: 'root@stats.example', password: 'Root-Password-123' };

function appointment(
  tenantId: string,
  appointmentId: string,
  status: AppointmentSnapshot['status'],
  version: number,
  appointmentDate: string,
): AppointmentSnapshot {
  const at = new Date().toISOString();
  return {
    appointment_id: appointmentId,
    tenant_id: tenantId,
    outlet_id: newId(),
    customer_id: newId(),
    customer_name: 'Sari Dewi',
    customer_email: 'sari@mail.example',
    customer_phone: null,
    status,
    appointment_date: appointmentDate,
    start_time: '10:00:00',
    end_time: '11:00:00',
    timezone: 'Asia/Jakarta',
    starts_at: at,
    ends_at: at,
    services: [],
    total_price: '150000.00',
    currency: 'IDR',
    booked_by: 'customer',
    created_at: at,
    updated_at: at,
    version,
  };
}

describe('tenant stats', () => {
  let service: TestService;
  let superToken: string;

  beforeAll(async () => {
    ({ service, superToken } = await startWithSuperAdmin(SUPER_ADMIN));
  });
  afterAll(() => service.stop());

  const handled = async () => {
    const [row] = await selectRows<{ count: number }>(
      service.running.context.db.orm,
      sql`SELECT count(*)::int AS count FROM identity.inbox WHERE consumer = ${APPOINTMENT_CONSUMER}`,
    );
    return row!.count;
  };

  it('counts outlets, users, customers, this month appointments by latest status, and the plan', async () => {
    const tenant = await registeredTenant(service);
    const other = await registeredTenant(service);
    await registeredCustomer(service, tenant.slug);
    await registeredCustomer(service, tenant.slug);
    await service.request('POST', '/users', {
      token: tenant.token,
      body: {
        email: `s-${tenant.tenantId}@team.example`,
        password: 'Member1234',
        first_name: 'S',
        last_name: 'T',
        role: 'STAFF',
      },
    });
    await setTenantPlan(service, tenant.tenantId, 'PRO');

    // Appointments: a, b, c this month; d last year; e another tenant's. Out of order and redelivered.
    const thisMonth = monthRange(new Date(), 'Asia/Jakarta').from;
    const [a, b, c, d, e] = [newId(), newId(), newId(), newId(), newId()];
    const t = tenant.tenantId;
    const origin = { producer: 'scheduling', tenantId: t };
    const createdA = newEvent(
      'scheduling.appointment.created.v1',
      appointment(t, a, 'pending', 1, thisMonth),
      origin,
    );
    const envelopes = [
      newEvent(
        'scheduling.appointment.status_changed.v1',
        { ...appointment(t, a, 'completed', 3, thisMonth), previous_status: 'confirmed' as const },
        origin,
      ),
      createdA,
      createdA,
      newEvent(
        'scheduling.appointment.confirmed.v1',
        { ...appointment(t, a, 'confirmed', 2, thisMonth), payment_id: null },
        origin,
      ),
      newEvent('scheduling.appointment.created.v1', appointment(t, b, 'pending', 1, thisMonth), origin),
      newEvent(
        'scheduling.appointment.cancelled.v1',
        {
          ...appointment(t, b, 'cancelled', 2, thisMonth),
          cancelled_at: new Date().toISOString(),
          cancelled_by: 'customer' as const,
          late: false,
        },
        origin,
      ),
      newEvent('scheduling.appointment.created.v1', appointment(t, b, 'pending', 1, thisMonth), origin),
      newEvent('scheduling.appointment.created.v1', appointment(t, c, 'confirmed', 1, thisMonth), origin),
      newEvent('scheduling.appointment.created.v1', appointment(t, d, 'confirmed', 1, '2020-01-15'), origin),
      newEvent('scheduling.appointment.created.v1', appointment(other.tenantId, e, 'pending', 1, thisMonth), {
        producer: 'scheduling',
        tenantId: other.tenantId,
      }),
    ];
    await service.testBus.bus.publish(envelopes);
    // Every distinct event handled once (the redelivered one is recorded once in the inbox).
    await waitFor(async () => (await handled()) === envelopes.length - 1, {
      timeoutMs: 20_000,
      message: 'events not handled',
    });

    const stats = await service.request('GET', `/tenants/${t}/stats`, { token: tenant.token });
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      outlets: { total: 1, active: 1, inactive: 0 },
      users: {
        total: 2,
        active: 2,
        by_role: { tenant_admin: 1, outlet_manager: 0, staff: 1, receptionist: 0 },
      },
      customers: { total: 2, active: 2, recent_signups: 2 },
      appointments: {
        this_month: 3,
        this_month_by_status: { confirmed: 1, pending: 0, completed: 1, cancelled: 1, no_show: 0 },
      },
      subscription: { plan: 'PRO', status: 'active', trial_ends_at: null },
      generated_at: expect.any(String),
      tenant_info: {
        id: t,
        name: tenant.body.business_name,
        slug: tenant.slug,
        created_at: expect.any(String),
      },
    });

    const otherStats = await service.request('GET', `/tenants/${other.tenantId}/stats`, {
      token: superToken,
    });
    expect(otherStats.body.appointments.this_month).toBe(1);
    expect(otherStats.body.customers).toEqual({ total: 0, active: 0, recent_signups: 0 });
  });

  it('shows stats to SUPER_ADMIN and the own TENANT_ADMIN only', async () => {
    const tenant = await registeredTenant(service);
    const other = await registeredTenant(service);
    expect(
      (await service.request('GET', `/tenants/${other.tenantId}/stats`, { token: tenant.token })).status,
    ).toBe(404);
    const manager = service.signer.signStaffAccess({
      sub: newId(),
      role: 'OUTLET_MANAGER',
      tenant_id: tenant.tenantId,
      outlet_ids: [],
    });
    expect(
      (await service.request('GET', `/tenants/${tenant.tenantId}/stats`, { token: manager })).status,
    ).toBe(403);
    const customer = service.signer.signCustomerAccess({
      sub: newId(),
      tenant_id: tenant.tenantId,
      session_id: newId(),
    });
    expect(
      (await service.request('GET', `/tenants/${tenant.tenantId}/stats`, { token: customer })).status,
    ).toBe(403);
    expect((await service.request('GET', `/tenants/${tenant.tenantId}/stats`)).status).toBe(401);
    const malformed = await service.request('GET', '/tenants/xyz/stats', { token: superToken });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].loc).toEqual(['path', 'tenant_id']);
    expect((await service.request('GET', `/tenants/${newId()}/stats`, { token: superToken })).status).toBe(
      404,
    );
  });
});
