import type { TenantStats } from '../domain/get-tenant-stats';
import { appointmentBreakdown } from '../domain/stats-rules';

/** GET /tenants/{id}/stats. */
export const tenantStatsView = (stats: TenantStats) => {
  const { tenant, outlets, roles, plan } = stats;
  const roleCount = (role: string) => roles.find((row) => row.role === role)?.total ?? 0;
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
    customers: stats.customers,
    appointments: appointmentBreakdown(stats.appointments),
    subscription: { plan: plan.plan, status: plan.status, trial_ends_at: plan.trialEndsAt },
    generated_at: stats.generatedAt.toISOString(),
    tenant_info: { id: tenant.id, name: tenant.name, slug: tenant.slug, created_at: tenant.created_at },
  };
};
