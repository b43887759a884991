import type { TenantPlan } from '@salon/plan-limits';
import { notFound, type RequestContext } from '@salon/service-kit';
import { countOutlets } from '../db/outlet.repository';
import { countAppointmentsByStatus, countCustomers } from '../db/stats.repository';
import { findTenant, type TenantRecord } from '../db/tenant.repository';
import { countMembersByRole } from '../db/user.repository';
import { staffIn } from './caller';
import type { IdentityDeps } from './deps';
import { monthRange } from './stats-rules';
import { canSeeTenant } from './tenant-access';

export interface TenantStats {
  tenant: TenantRecord;
  outlets: { total: number; active: number };
  roles: { role: string; total: number; active: number }[];
  customers: { total: number; active: number; recent_signups: number };
  /** This month's appointments (in the tenant's timezone) by latest status. */
  appointments: { status: string; count: number }[];
  plan: TenantPlan;
  generatedAt: Date;
}

/**
 * GET /tenants/{id}/stats: outlets, users and customers from identity's own tables; appointments of the
 * current month (in the tenant's timezone) from the counter replica fed by scheduling's events; the plan from
 * billing's replica. No other service is called.
 */
export async function getTenantStats(
  deps: IdentityDeps,
  ctx: RequestContext,
  { tenantId }: { tenantId: string },
): Promise<TenantStats> {
  const executor = deps.db.orm;
  const tenant = canSeeTenant(staffIn(ctx), tenantId) ? await findTenant(executor, tenantId) : undefined;
  if (!tenant) throw notFound('Tenant not found');
  const now = new Date();

  const outlets = await countOutlets(executor, tenantId);
  const roles = await countMembersByRole(executor, tenantId);
  const customers = await countCustomers(executor, tenantId);
  const appointments = await countAppointmentsByStatus(
    executor,
    tenantId,
    monthRange(now, tenant.settings.timezone),
  );
  const plan = await deps.plans.planOf(executor, tenantId);
  return { tenant, outlets, roles, customers, appointments, plan, generatedAt: now };
}
