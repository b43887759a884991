import { Router } from 'express';
import { identityApi } from '@salon/contracts';
import { authenticate, offsetOf, paged, parseInput, requireRoles, staffOf } from '@salon/service-kit';
import { listAuditEntries } from '../db/audit.repository';
import type { IdentityDeps } from '../domain/deps';

/** GET /audit-logs: a TENANT_ADMIN sees its tenant's entries; a SUPER_ADMIN every tenant's (or one's). */
export function auditRoutes(deps: IdentityDeps): Router {
  const router = Router();

  router.get(
    '/audit-logs',
    authenticate(deps.verifier, { allow: ['staff'] }),
    requireRoles('TENANT_ADMIN', 'SUPER_ADMIN'),
    async (req, res) => {
      const auth = staffOf(req);
      const query = parseInput(identityApi.auditLogQuery, req.query, 'query');
      const tenantId = auth.role === 'SUPER_ADMIN' ? query.tenant_id : auth.tenantId!;
      const { items, total } = await listAuditEntries(
        deps.db.orm,
        { tenantId, action: query.action, entityType: query.entity_type, entityId: query.entity_id },
        { offset: offsetOf(query), limit: query.size },
      );
      res.json(paged(items, total, query));
    },
  );

  return router;
}
