import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  authenticate,
  badRequest,
  boolQuery,
  objectId,
  offsetOf,
  pageQuerySchema,
  paged,
  parseInput,
  requireRoles,
  staffOf,
} from '@salon/service-kit';
import { listMembers, type MemberRecord } from '../db/user.repository';
import type { IdentityDeps } from '../domain/deps';
import { changeUser, createUser, getUser } from '../domain/manage-users';
import { emailField, nameField, passwordField } from './fields';

const ROLES = ['SUPER_ADMIN', 'TENANT_ADMIN', 'OUTLET_MANAGER', 'STAFF', 'RECEPTIONIST'] as const;
const outletIdsField = z
  .array(objectId)
  .max(100)
  .transform((ids) => [...new Set(ids)]);

const createBody = z.object({
  email: emailField,
  // Required for a new e-mail; ignored for an existing user (its password never changes here).
  password: passwordField.optional(),
  first_name: nameField(50),
  last_name: nameField(50),
  role: z.enum(ROLES),
  outlet_ids: outletIdsField.default([]),
  staff_id: objectId.nullable().default(null),
});

const updateBody = z.object({
  role: z.enum(ROLES).optional(),
  outlet_ids: outletIdsField.optional(),
  staff_id: objectId.nullable().optional(),
  is_active: z.boolean().optional(),
});

/** SUPER_ADMIN is bound to no tenant and names the one it acts on with `?tenant_id=`. */
const tenantQuery = z.object({ tenant_id: objectId.optional() });
const listQuery = pageQuerySchema().extend({
  tenant_id: objectId.optional(),
  role: z.enum(ROLES).optional(),
  is_active: boolQuery.optional(),
});
const userPath = z.object({ user_id: objectId });

const view = (member: MemberRecord) => ({
  id: member.id,
  tenant_id: member.tenant_id,
  email: member.email,
  first_name: member.first_name,
  last_name: member.last_name,
  role: member.role,
  outlet_ids: member.outlet_ids,
  staff_id: member.staff_id,
  is_active: member.is_active,
  created_at: member.created_at,
  updated_at: member.updated_at,
});

function tenantFor(req: Request, query: { tenant_id?: string }): string {
  const auth = staffOf(req);
  if (auth.role !== 'SUPER_ADMIN') return auth.tenantId!;
  if (!query.tenant_id) throw badRequest('tenant_id is required for SUPER_ADMIN');
  return query.tenant_id;
}

/** Staff accounts of a tenant: TENANT_ADMIN manages its own, SUPER_ADMIN any; OUTLET_MANAGER may only read. */
export function userRoutes(deps: IdentityDeps): Router {
  const router = Router();
  const reader = requireRoles('SUPER_ADMIN', 'TENANT_ADMIN', 'OUTLET_MANAGER');
  const manager = requireRoles('SUPER_ADMIN', 'TENANT_ADMIN');
  router.use('/users', authenticate(deps.verifier, { allow: ['staff'] }));

  router.post('/users', manager, async (req, res) => {
    const tenantId = tenantFor(req, parseInput(tenantQuery, req.query, 'query'));
    const body = parseInput(createBody, req.body, 'body');
    res.status(201).json(view(await createUser(deps, staffOf(req), tenantId, body, req.id)));
  });

  router.get('/users', reader, async (req, res) => {
    const query = parseInput(listQuery, req.query, 'query');
    const { items, total } = await listMembers(deps.db.orm, tenantFor(req, query), {
      offset: offsetOf(query),
      limit: query.size,
      role: query.role,
      isActive: query.is_active,
    });
    res.json(paged(items.map(view), total, query));
  });

  router.get('/users/:user_id', reader, async (req, res) => {
    const tenantId = tenantFor(req, parseInput(tenantQuery, req.query, 'query'));
    const { user_id } = parseInput(userPath, req.params, 'path');
    res.json(view(await getUser(deps, tenantId, user_id)));
  });

  router.put('/users/:user_id', manager, async (req, res) => {
    const tenantId = tenantFor(req, parseInput(tenantQuery, req.query, 'query'));
    const { user_id } = parseInput(userPath, req.params, 'path');
    const body = parseInput(updateBody, req.body, 'body');
    res.json(view(await changeUser(deps, staffOf(req), tenantId, user_id, body, req.id)));
  });

  router.delete('/users/:user_id', manager, async (req, res) => {
    const tenantId = tenantFor(req, parseInput(tenantQuery, req.query, 'query'));
    const { user_id } = parseInput(userPath, req.params, 'path');
    await changeUser(deps, staffOf(req), tenantId, user_id, { is_active: false }, req.id);
    res.status(204).end();
  });

  return router;
}
