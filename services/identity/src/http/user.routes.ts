import { Router, type Request } from 'express';
import { z } from 'zod';
import { identityApi } from '@salon/contracts';
import {
  authenticate,
  badRequest,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
  staffOf,
} from '@salon/service-kit';
import { listMembers, type MemberRecord } from '../db/user.repository';
import type { IdentityDeps } from '../domain/deps';
import { changeUser, createUser, getUser } from '../domain/manage-users';

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
    const tenantId = tenantFor(req, parseInput(identityApi.userTenantQuery, req.query, 'query'));
    const body = parseInput(identityApi.createUserBody, req.body, 'body');
    res.status(201).json(view(await createUser(deps, staffOf(req), tenantId, body, req.id)));
  });

  router.get('/users', reader, async (req, res) => {
    const query = parseInput(identityApi.userListQuery, req.query, 'query');
    const { items, total } = await listMembers(deps.db.orm, tenantFor(req, query), {
      offset: offsetOf(query),
      limit: query.size,
      role: query.role,
      isActive: query.is_active,
    });
    res.json(paged(items.map(view), total, query));
  });

  router.get('/users/:user_id', reader, async (req, res) => {
    const tenantId = tenantFor(req, parseInput(identityApi.userTenantQuery, req.query, 'query'));
    const { user_id } = parseInput(userPath, req.params, 'path');
    res.json(view(await getUser(deps, tenantId, user_id)));
  });

  router.put('/users/:user_id', manager, async (req, res) => {
    const tenantId = tenantFor(req, parseInput(identityApi.userTenantQuery, req.query, 'query'));
    const { user_id } = parseInput(userPath, req.params, 'path');
    const body = parseInput(identityApi.updateUserBody, req.body, 'body');
    res.json(view(await changeUser(deps, staffOf(req), tenantId, user_id, body, req.id)));
  });

  router.delete('/users/:user_id', manager, async (req, res) => {
    const tenantId = tenantFor(req, parseInput(identityApi.userTenantQuery, req.query, 'query'));
    const { user_id } = parseInput(userPath, req.params, 'path');
    await changeUser(deps, staffOf(req), tenantId, user_id, { is_active: false }, req.id);
    res.status(204).end();
  });

  return router;
}
