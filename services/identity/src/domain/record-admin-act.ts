import type { RequestContext } from '@salon/service-kit';
import { insertAuditEntry } from '../db/audit.repository';
import { staffIn } from './caller';
import type { IdentityDeps } from './deps';

/**
 * One audit entry for a write a tenant-scoped SUPER_ADMIN made in identity (after it succeeded): who, in which
 * tenant, which route, with which answer, under which request id (the request line carries the same id).
 */
export async function recordAdminAct(
  deps: IdentityDeps,
  ctx: RequestContext,
  { method, route, status }: { method: string; route: string; status: number },
): Promise<void> {
  const admin = staffIn(ctx);
  await insertAuditEntry(deps.db.orm, {
    tenant_id: ctx.tenantId,
    actor_type: 'staff',
    actor_id: admin.userId,
    action: 'SUPER_ADMIN_ACTED',
    entity_type: 'request',
    entity_id: null,
    details: { acting_admin_id: admin.userId, method, route, status, request_id: ctx.requestId },
  });
}
