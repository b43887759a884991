import { type PlanType, type TenantUpdatedV1 } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import {
  handleInbox,
  outletUpsertedFixture,
  setTenantPlan,
  tenantUpdatedFixture,
  type TestService,
} from '@salon/testing';
import { onIdentityOutletUpserted } from '../src/events/handlers/identity.outlet.upserted';

let counter = 0;

/** A valid POST /services body; name and slug unique per call unless overridden. */
export function serviceBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Haircut ${counter}`,
    slug: `haircut-${counter}`,
    category: 'hair_cut',
    duration_minutes: 45,
    pricing: { base_price: '150000', currency: 'IDR' },
    ...overrides,
  };
}

/** A fresh tenant (catalog knows tenants only from tokens and events) with tokens for every caller. */
export function newTenant(service: TestService) {
  const tenantId = newId();
  const staff = (
    role: 'TENANT_ADMIN' | 'OUTLET_MANAGER' | 'STAFF' | 'RECEPTIONIST',
    outletIds: string[] = [],
  ) => service.signer.signStaffAccess({ sub: newId(), role, tenant_id: tenantId, outlet_ids: outletIds });
  return {
    tenantId,
    admin: staff('TENANT_ADMIN'),
    staff,
    customer: service.signer.signCustomerAccess({ sub: newId(), tenant_id: tenantId, session_id: newId() }),
    superAdmin: service.signer.signStaffAccess({
      sub: newId(),
      role: 'SUPER_ADMIN',
      tenant_id: null,
      outlet_ids: [],
    }),
  };
}

/** The tenant on `plan` in this service's replica (see libs/testing `setTenantPlan`). */
export const onPlan = (service: TestService, tenantId: string, plan: PlanType) =>
  setTenantPlan(service, tenantId, plan);

/** `identity.outlet.upserted.v1` data for an outlet of the tenant. */
export const outletData = outletUpsertedFixture;

/** Adds an outlet to the tenant through the real handler (the bus path is tested in replicas.api.test). */
export async function addOutlet(service: TestService, tenantId: string): Promise<string> {
  const data = outletData(tenantId);
  await handleInbox(service, 'identity.outlet.upserted.v1', onIdentityOutletUpserted, data, { tenantId });
  return data.outlet_id;
}

export function tenantUpdatedData(
  tenantId: string,
  version: number,
  settings: Partial<TenantUpdatedV1['settings']> = {},
): TenantUpdatedV1 {
  return tenantUpdatedFixture(tenantId, version, settings);
}

/** Creates a service as the tenant admin and returns its body. */
export async function createdService(
  service: TestService,
  token: string,
  overrides: Record<string, unknown> = {},
) {
  const response = await service.request('POST', '/services', { token, body: serviceBody(overrides) });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
