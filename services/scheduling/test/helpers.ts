import { type PlanType, type ServiceUpsertedV1, type TenantUpdatedV1 } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import {
  customerRegisteredFixture,
  handleInbox,
  outletUpsertedFixture,
  serviceUpsertedFixture,
  setTenantPlan,
  tenantUpdatedFixture,
  type TestService,
} from '@salon/testing';
import { addDays, localOf } from '../src/domain/time-rules';
import { onCatalogServiceUpserted } from '../src/events/handlers/catalog.service.upserted';
import { onIdentityCustomerRegistered } from '../src/events/handlers/identity.customer.registered';
import { onIdentityOutletUpserted } from '../src/events/handlers/identity.outlet.upserted';
import { onIdentityTenantUpdated } from '../src/events/handlers/identity.tenant.updated';

type StaffRole = 'TENANT_ADMIN' | 'OUTLET_MANAGER' | 'STAFF' | 'RECEPTIONIST';

/** A fresh tenant with tokens for every caller (scheduling knows tenants from tokens and events). */
export function newTenant(service: TestService) {
  const tenantId = newId();
  const staff = (role: StaffRole, options: { staffId?: string; outletIds?: string[] } = {}) =>
    service.signer.signStaffAccess({
      sub: newId(),
      role,
      tenant_id: tenantId,
      outlet_ids: options.outletIds ?? [],
      ...(options.staffId ? { staff_id: options.staffId } : {}),
    });
  const customerToken = (customerId: string) =>
    service.signer.signCustomerAccess({ sub: customerId, tenant_id: tenantId, session_id: newId() });
  return {
    tenantId,
    admin: staff('TENANT_ADMIN'),
    staff,
    customerToken,
    superAdmin: service.signer.signStaffAccess({
      sub: newId(),
      role: 'SUPER_ADMIN',
      tenant_id: null,
      outlet_ids: [],
    }),
  };
}

let version = 1000;

export function tenantData(
  tenantId: string,
  settings: Partial<TenantUpdatedV1['settings']> = {},
  overrides: Partial<TenantUpdatedV1> = {},
): TenantUpdatedV1 {
  version += 1;
  return tenantUpdatedFixture(tenantId, version, settings, overrides);
}

export async function setTenant(
  service: TestService,
  tenantId: string,
  settings: Partial<TenantUpdatedV1['settings']> = {},
): Promise<TenantUpdatedV1> {
  const data = tenantData(tenantId, settings);
  await handleInbox(service, 'identity.tenant.updated.v1', onIdentityTenantUpdated, data, { tenantId });
  return data;
}

/** `identity.outlet.upserted.v1` data for an outlet of the tenant. */
export const outletData = outletUpsertedFixture;

export async function addOutlet(service: TestService, tenantId: string): Promise<string> {
  const data = outletData(tenantId);
  await handleInbox(service, 'identity.outlet.upserted.v1', onIdentityOutletUpserted, data, { tenantId });
  return data.outlet_id;
}

/** Identity's outlet snapshot of `outletId` with its time zone changed (a later version than `addOutlet`'s). */
export async function setOutletTimeZone(
  service: TestService,
  tenantId: string,
  outletId: string,
  timezone: string,
): Promise<void> {
  version += 1;
  const data = outletData(tenantId, { outlet_id: outletId, timezone, version });
  await handleInbox(service, 'identity.outlet.upserted.v1', onIdentityOutletUpserted, data, { tenantId });
}

/** `catalog.service.upserted.v1` data for a service of the tenant. */
export const serviceData = serviceUpsertedFixture;

export async function addService(
  service: TestService,
  tenantId: string,
  overrides: Partial<ServiceUpsertedV1> = {},
): Promise<ServiceUpsertedV1> {
  const data = serviceData(tenantId, overrides);
  await handleInbox(service, 'catalog.service.upserted.v1', onCatalogServiceUpserted, data, { tenantId });
  return data;
}

/** `identity.customer.registered.v1` data for a customer of the tenant (Ani Wijaya). */
export const customerData = customerRegisteredFixture;

export async function addCustomer(service: TestService, tenantId: string): Promise<string> {
  const data = customerData(tenantId);
  await handleInbox(service, 'identity.customer.registered.v1', onIdentityCustomerRegistered, data, {
    tenantId,
  });
  return data.customer_id;
}

let staffCounter = 0;

export function staffBody(outletId: string, overrides: Record<string, unknown> = {}) {
  staffCounter += 1;
  return {
    outlet_id: outletId,
    first_name: `Sari${staffCounter}`,
    last_name: 'Dewi',
    email: `sari${staffCounter}-${newId()}@glow.example`,
    position: 'Senior Provider',
    employment_type: 'full_time',
    ...overrides,
  };
}

export async function createdStaff(
  service: TestService,
  token: string,
  outletId: string,
  overrides: Record<string, unknown> = {},
) {
  const response = await service.request('POST', '/staff', { token, body: staffBody(outletId, overrides) });
  if (response.status !== 201) throw new Error(`staff: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function addWorkingHours(
  service: TestService,
  token: string,
  staffId: string,
  date: string,
  start = '09:00',
  end = '17:00',
  extra: Record<string, unknown> = {},
) {
  const response = await service.request('POST', '/availability', {
    token,
    body: {
      staff_id: staffId,
      date,
      start_time: start,
      end_time: end,
      availability_type: 'working_hours',
      ...extra,
    },
  });
  if (response.status !== 201)
    throw new Error(`availability: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A local date `days` after today in the zone. */
export const futureDate = (days: number, timezone = 'Asia/Jakarta'): string =>
  addDays(localOf(new Date(), timezone).date, days);

/** The tenant on `plan` in this service's replica (see libs/testing `setTenantPlan`). */
export const onPlan = (service: TestService, tenantId: string, plan: PlanType) =>
  setTenantPlan(service, tenantId, plan);

/** A tenant with an outlet, a service, a working staff member on `date` and a customer: ready to book. */
export async function bookableSetup(
  service: TestService,
  options: { date?: string; serviceOverrides?: Partial<ServiceUpsertedV1>; plan?: PlanType } = {},
) {
  const tenant = newTenant(service);
  await setTenant(service, tenant.tenantId);
  await onPlan(service, tenant.tenantId, options.plan ?? 'ENTERPRISE');
  const outletId = await addOutlet(service, tenant.tenantId);
  const catalogService = await addService(service, tenant.tenantId, options.serviceOverrides);
  const member = await createdStaff(service, tenant.admin, outletId);
  const date = options.date ?? futureDate(5);
  await addWorkingHours(service, tenant.admin, member.id, date);
  const customerId = await addCustomer(service, tenant.tenantId);
  return { ...tenant, outletId, service: catalogService, staffId: member.id as string, date, customerId };
}

export const bookingBody = (
  setup: {
    outletId: string;
    customerId: string;
    date: string;
    service: { service_id: string };
    staffId: string;
  },
  start = '10:00',
  overrides: Record<string, unknown> = {},
) => ({
  outlet_id: setup.outletId,
  customer_id: setup.customerId,
  appointment_date: setup.date,
  start_time: start,
  services: [{ service_id: setup.service.service_id, staff_id: setup.staffId }],
  ...overrides,
});
