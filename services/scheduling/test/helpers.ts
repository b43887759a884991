import {
  type CustomerRegisteredV1,
  type EventData,
  type EventEnvelope,
  type EventType,
  type OutletUpsertedV1,
  type PlanType,
  type ServiceUpsertedV1,
  type TenantUpdatedV1,
} from '@salon/contracts';
import { newEvent, type InboxHandler } from '@salon/messaging';
import { newId } from '@salon/service-kit';
import {
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

/** Runs a handler on an event in a transaction of the service's database, as its inbox consumer would. */
const apply = async <T extends EventType>(
  service: TestService,
  handler: InboxHandler<T>,
  event: EventEnvelope<EventData<T>>,
) =>
  service.running.context.db.withTx((tx) => handler(event.data, { tx, event, afterCommit: () => undefined }));

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
  await apply(
    service,
    onIdentityTenantUpdated,
    newEvent('identity.tenant.updated.v1', data, { producer: 'identity', tenantId }),
  );
  return data;
}

export function outletData(tenantId: string, overrides: Partial<OutletUpsertedV1> = {}): OutletUpsertedV1 {
  return {
    outlet_id: newId(),
    tenant_id: tenantId,
    name: 'Main',
    slug: 'main',
    address: null,
    phone: null,
    timezone: 'Asia/Jakarta',
    business_hours: {},
    is_active: true,
    updated_at: new Date().toISOString(),
    version: 1,
    ...overrides,
  };
}

export async function addOutlet(service: TestService, tenantId: string): Promise<string> {
  const data = outletData(tenantId);
  await apply(
    service,
    onIdentityOutletUpserted,
    newEvent('identity.outlet.upserted.v1', data, { producer: 'identity', tenantId }),
  );
  return data.outlet_id;
}

export function serviceData(tenantId: string, overrides: Partial<ServiceUpsertedV1> = {}): ServiceUpsertedV1 {
  return serviceUpsertedFixture(tenantId, overrides);
}

export async function addService(
  service: TestService,
  tenantId: string,
  overrides: Partial<ServiceUpsertedV1> = {},
): Promise<ServiceUpsertedV1> {
  const data = serviceData(tenantId, overrides);
  await apply(
    service,
    onCatalogServiceUpserted,
    newEvent('catalog.service.upserted.v1', data, { producer: 'catalog', tenantId }),
  );
  return data;
}

export function customerData(
  tenantId: string,
  overrides: Partial<CustomerRegisteredV1> = {},
): CustomerRegisteredV1 {
  return {
    customer_id: newId(),
    tenant_id: tenantId,
    email: 'ani@example.com',
    phone: '+628123456789',
    first_name: 'Ani',
    last_name: 'Wijaya',
    source: 'self_registration',
    has_password: true,
    tags: [],
    preferences: {
      preferred_outlet_ids: [],
      preferred_staff_ids: [],
      preferred_services: [],
      communication: { email: true, sms: false, push: true, whatsapp: false },
      marketing_consent: false,
      data_processing_consent: true,
      analytics_consent: false,
      language: 'en',
      timezone: 'Asia/Jakarta',
      notification_settings: {
        booking_reminders: true,
        promotional_offers: false,
        appointment_updates: true,
        loyalty_updates: false,
      },
      notes: null,
      accessibility_needs: null,
    },
    verification: { email: null, phone: null },
    created_at: new Date().toISOString(),
    version: 1,
    ...overrides,
  };
}

export async function addCustomer(service: TestService, tenantId: string): Promise<string> {
  const data = customerData(tenantId);
  await apply(
    service,
    onIdentityCustomerRegistered,
    newEvent('identity.customer.registered.v1', data, { producer: 'identity', tenantId }),
  );
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
