import { forbidden, newId, notFound, type RequestContext } from '@salon/service-kit';
import { insertAuditEntry } from '../db/audit.repository';
import { findTenant } from '../db/tenant.repository';
import { findUser } from '../db/user.repository';
import { staffIn } from './caller';
import type { IdentityDeps } from './deps';
import { invalidCredentials, issueTokens, type StaffTokens } from './staff-tokens';

/**
 * POST /auth/complete-login without a login token: a SUPER_ADMIN (its access token as bearer) gets a SUPER_ADMIN
 * token scoped to the tenant it names (404 unknown), as short-lived as every staff token; every service then
 * treats it as acting in that tenant. Audited as SUPER_ADMIN_TENANT_ENTERED with the administrator's id; each
 * request with the token is logged with `acting_admin_id`. Nobody else may pick a tenant this way (403): staff
 * choose among their own organisations with a login token.
 */
export async function enterTenant(
  deps: IdentityDeps,
  ctx: RequestContext,
  { tenantId }: { tenantId: string },
): Promise<StaffTokens> {
  const caller = staffIn(ctx);
  if (caller.role !== 'SUPER_ADMIN')
    throw forbidden('Only a SUPER_ADMIN may act inside any tenant; staff sign in with a login token');
  return deps.db.withTx(async (tx) => {
    const user = await findUser(tx, caller.userId);
    if (!user?.is_active || !user.is_super_admin) throw invalidCredentials();
    const tenant = await findTenant(tx, tenantId);
    if (!tenant) throw notFound('Tenant not found');
    await insertAuditEntry(tx, {
      tenant_id: tenant.id,
      actor_type: 'staff',
      actor_id: user.id,
      action: 'SUPER_ADMIN_TENANT_ENTERED',
      entity_type: 'tenant',
      entity_id: tenant.id,
      details: { acting_admin_id: user.id, request_id: ctx.requestId },
    });
    return issueTokens(deps, tx, user, null, newId(), {
      id: tenant.id,
      name: tenant.name,
      slug: tenant.slug,
    });
  });
}
