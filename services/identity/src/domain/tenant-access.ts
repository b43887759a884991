import type { TenantPlan } from '@salon/plan-limits';
import type { StaffAuth } from '@salon/service-kit';
import type { TenantRecord } from '../db/tenant.repository';
import type { IdentityDeps } from './deps';

/** SUPER_ADMIN sees any tenant; everyone else only their own (another tenant's id is a 404, never data). */
export function canSeeTenant(caller: StaffAuth, tenantId: string): boolean {
  return caller.role === 'SUPER_ADMIN' || caller.tenantId === tenantId;
}

/** A tenant with its plan from billing's replica, as GET /tenants/{id} shows it. */
export interface TenantWithPlan {
  tenant: TenantRecord;
  plan: TenantPlan;
}

export async function withPlan(deps: IdentityDeps, tenant: TenantRecord): Promise<TenantWithPlan> {
  return { tenant, plan: await deps.plans.planOf(deps.db.orm, tenant.id) };
}
