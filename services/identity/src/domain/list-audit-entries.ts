import { tenantIn, type RequestContext } from '@salon/service-kit';
import { listAuditEntries as selectAuditEntries, type AuditEntry } from '../db/audit.repository';
import { staffIn } from './caller';
import type { IdentityDeps } from './deps';

export interface AuditQuery {
  action?: string;
  entityType?: string;
  entityId?: string;
  offset: number;
  limit: number;
}

/**
 * GET /audit-logs: a TENANT_ADMIN sees its tenant's entries; a SUPER_ADMIN every tenant's, or those of the
 * tenant in its context (the one it named).
 */
export async function listAuditEntries(
  deps: IdentityDeps,
  ctx: RequestContext,
  { offset, limit, ...filters }: AuditQuery,
): Promise<{ items: AuditEntry[]; total: number }> {
  const tenantId = staffIn(ctx).role === 'SUPER_ADMIN' ? (ctx.tenantId ?? undefined) : tenantIn(ctx);
  return selectAuditEntries(deps.db.orm, { ...filters, tenantId }, { offset, limit });
}
