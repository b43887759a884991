import { sql } from 'drizzle-orm';
import { newId } from '@salon/service-kit';
import {
  publishEvent,
  serviceUpsertedFixture,
  startTestService,
  waitFor,
  type TestService,
} from '@salon/testing';
import { identityService } from '../src/definition';
import { query, registeredCustomer, registeredTenant, staffUpsertedData } from './helpers';

/**
 * Preferences name only the tenant's staff members (not terminated) and services (not archived), read from
 * identity's replicas of scheduling's and catalog's events (spec 02: 400 on invalid staff identifiers).
 */
describe('preferences validate every id', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(identityService);
  });
  afterAll(() => service.stop());

  const replicated = (
    table: 'staff_replicas' | 'service_replicas',
    column: string,
    id: string,
    status: string,
  ) =>
    waitFor(async () => {
      const { rows } = await query<{ status: string }>(
        service,
        sql`SELECT status FROM ${sql.identifier('identity')}.${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${id}`,
      );
      return rows[0]?.status === status;
    });

  it("accepts the tenant's staff and services, refuses unknown, other tenants', terminated and archived ones", async () => {
    const tenant = await registeredTenant(service);
    const other = await registeredTenant(service);
    const customer = await registeredCustomer(service, tenant.slug);
    const stylist = staffUpsertedData(tenant.tenantId);
    const leaver = staffUpsertedData(tenant.tenantId);
    const elsewhere = staffUpsertedData(other.tenantId);
    const haircut = serviceUpsertedFixture(tenant.tenantId);
    const retired = serviceUpsertedFixture(tenant.tenantId);
    for (const staff of [stylist, leaver, elsewhere])
      await publishEvent(service, 'scheduling.staff.upserted.v1', staff, staff.tenant_id);
    for (const offered of [haircut, retired])
      await publishEvent(service, 'catalog.service.upserted.v1', offered, tenant.tenantId);
    await publishEvent(
      service,
      'scheduling.staff.terminated.v1',
      {
        staff_id: leaver.staff_id,
        tenant_id: tenant.tenantId,
        outlet_id: leaver.outlet_id,
        terminated_at: new Date().toISOString(),
        version: 1,
      },
      tenant.tenantId,
    );
    await publishEvent(
      service,
      'catalog.service.archived.v1',
      {
        service_id: retired.service_id,
        tenant_id: tenant.tenantId,
        archived_at: new Date().toISOString(),
        version: 1,
      },
      tenant.tenantId,
    );
    await replicated('staff_replicas', 'staff_id', leaver.staff_id, 'terminated');
    await replicated('staff_replicas', 'staff_id', elsewhere.staff_id, 'active');
    await replicated('service_replicas', 'service_id', retired.service_id, 'archived');
    await replicated('service_replicas', 'service_id', haircut.service_id, 'active');
    await replicated('staff_replicas', 'staff_id', stylist.staff_id, 'active');

    const own = (body: Record<string, unknown>) =>
      service.request('PUT', '/customers/preferences', { token: customer.token, body });
    const byStaff = (body: Record<string, unknown>) =>
      service.request('PUT', `/customers/${customer.customerId}/preferences`, { token: tenant.token, body });

    const accepted = await own({
      preferred_staff_ids: [stylist.staff_id],
      preferred_services: [haircut.service_id],
    });
    expect(accepted.status).toBe(200);
    expect(
      (await byStaff({ preferred_staff: [stylist.staff_id], preferred_services: [haircut.service_id] }))
        .status,
    ).toBe(200);

    for (const staffId of [newId(), leaver.staff_id, elsewhere.staff_id]) {
      for (const answer of [
        await own({ preferred_staff_ids: [stylist.staff_id, staffId] }),
        await byStaff({ preferred_staff: [staffId] }),
      ]) {
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ detail: 'Invalid staff IDs' });
      }
    }
    for (const serviceId of [newId(), retired.service_id]) {
      for (const answer of [
        await own({ preferred_services: [serviceId] }),
        await byStaff({ preferred_services: [serviceId] }),
      ]) {
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ detail: 'Invalid service IDs' });
      }
    }
    const created = await service.request('POST', '/customers', {
      token: tenant.token,
      body: {
        first_name: 'Walk',
        last_name: 'In',
        email: `walk-in-${newId()}@glow.example`,
        preferences: { preferred_staff: [newId()] },
      },
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ detail: 'Invalid staff IDs' });

    // Nothing refused was stored: the preferences are the accepted ones.
    const stored = await service.request('GET', '/customers/preferences', { token: customer.token });
    expect(stored.body).toMatchObject({
      preferred_staff_ids: [stylist.staff_id],
      preferred_services: [haircut.service_id],
    });
  });
});
