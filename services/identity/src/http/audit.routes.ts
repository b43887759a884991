import { Router } from 'express';
import { identityApi } from '@salon/contracts';
import { authenticate, contextOf, offsetOf, paged, parseInput, requireRoles } from '@salon/service-kit';
import type { IdentityDeps } from '../domain/deps';
import { listAuditEntries } from '../domain/list-audit-entries';
import { auditEntryView } from './audit-entry.view';
import { inOptionalTenant } from './tenant-context';

/** GET /audit-logs: a TENANT_ADMIN sees its tenant's entries; a SUPER_ADMIN every tenant's (or one's). */
export function auditRoutes(deps: IdentityDeps): Router {
  const router = Router();

  router.get(
    '/audit-logs',
    authenticate(deps.verifier, { allow: ['staff'] }),
    requireRoles('TENANT_ADMIN', 'SUPER_ADMIN'),
    async (req, res) => {
      const ctx = contextOf(req);
      const query = parseInput(identityApi.auditLogQuery, req.query, 'query');
      const { items, total } = await listAuditEntries(deps, inOptionalTenant(ctx, query.tenant_id), {
        action: query.action,
        entityType: query.entity_type,
        entityId: query.entity_id,
        offset: offsetOf(query),
        limit: query.size,
      });
      res.json(paged(items.map(auditEntryView), total, query));
    },
  );

  return router;
}
