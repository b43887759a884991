import { notFound, type StaffAuth } from '@salon/service-kit';
import { countOutlets } from '../db/outlet.repository';
import { countAppointmentsByStatus, countCustomers } from '../db/stats.repository';
import { findTenant } from '../db/tenant.repository';
import { countMembersByRole } from '../db/user.repository';
import type { IdentityDeps } from './deps';
import { canSeeTenant } from './manage-tenants';
import { appointmentBreakdown, monthRange } from './stats-rules';

/**
 * GET /tenants/{id}/stats: outlets, users and customers from identity's own tables; appointments of the
 * current month (in the tenant's timezone) from the counter replica fed by scheduling's events; the plan from
 * billing's replica. No other service is called.
 */
export async function tenantStats(deps: IdentityDeps, auth: StaffAuth, tenantId: string) {
  const executor = deps.db.orm;
  const tenant = canSeeTenant(auth, tenantId) ? await findTenant(executor, tenantId) : undefined;
  if (!tenant) throw notFound('Tenant not found');
  const now = new Date();

  const outlets = await countOutlets(executor, tenantId);
  const roles = await countMembersByRole(executor, tenantId);
  const roleCount = (role: string) => roles.find((row) => row.role === role)?.total ?? 0;
  const customers = await countCustomers(executor, tenantId);
  const appointments = await countAppointmentsByStatus(
    executor,
    tenantId,
    monthRange(now, tenant.settings.timezone),
  );
  const plan = await deps.plans.planOf(executor, tenantId);

  return {
    outlets: { total: outlets.total, active: outlets.active, inactive: outlets.total - outlets.active },
    users: {
      total: roles.reduce((sum, row) => sum + row.total, 0),
      active: roles.reduce((sum, row) => sum + row.active, 0),
      by_role: {
        tenant_admin: roleCount('TENANT_ADMIN'),
        outlet_manager: roleCount('OUTLET_MANAGER'),
        staff: roleCount('STAFF'),
        receptionist: roleCount('RECEPTIONIST'),
      },
    },
    customers,
    appointments: appointmentBreakdown(appointments),
    // Trial dates are billing's and do not reach identity's plan replica (see docs/decisions.md).
    subscription: { plan: plan.plan, status: plan.status, trial_ends_at: null },
    generated_at: now.toISOString(),
    tenant_info: { id: tenant.id, name: tenant.name, slug: tenant.slug, created_at: tenant.created_at },
  };
}
