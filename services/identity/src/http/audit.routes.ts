import { Router } from 'express';
import { z } from 'zod';
import {
  authenticate,
  objectId,
  offsetOf,
  pageQuerySchema,
  paged,
  parseInput,
  requireRoles,
  staffOf,
} from '@salon/service-kit';
import { listAuditEntries } from '../db/audit.repository';
import type { IdentityDeps } from '../domain/deps';

const listQuery = pageQuerySchema().extend({
  tenant_id: objectId.optional(),
  action: z
    .string()
    .regex(/^[A-Z_]{1,64}$/, { error: 'Action must be upper-case letters and underscores' })
    .optional(),
  entity_type: z.string().trim().min(1).max(50).optional(),
  entity_id: objectId.optional(),
});

/** GET /audit-logs: a TENANT_ADMIN sees its tenant's entries; a SUPER_ADMIN every tenant's (or one's). */
export function auditRoutes(deps: IdentityDeps): Router {
  const router = Router();

  router.get(
    '/audit-logs',
    authenticate(deps.verifier, { allow: ['staff'] }),
    requireRoles('TENANT_ADMIN', 'SUPER_ADMIN'),
    async (req, res) => {
      const auth = staffOf(req);
      const query = parseInput(listQuery, req.query, 'query');
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
