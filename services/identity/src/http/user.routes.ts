import { Router, type Request } from 'express';
import { z } from 'zod';
import { identityApi } from '@salon/contracts';
import {
  authenticate,
  contextOf,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
  type RequestContext,
} from '@salon/service-kit';
import { changeUser } from '../domain/change-user';
import { createUser } from '../domain/create-user';
import type { IdentityDeps } from '../domain/deps';
import { getUser } from '../domain/get-user';
import { listUsers } from '../domain/list-users';
import { auditAdminActs } from './admin-audit';
import { suspendedWritesGuard } from './suspended-writes';
import { inNamedTenant } from './tenant-context';
import { userView } from './user.view';

const userPath = z.object({ user_id: objectId });

/** The request's context in the tenant acted in: a SUPER_ADMIN names it by `?tenant_id=`. */
const tenantContext = (req: Request): RequestContext =>
  inNamedTenant(contextOf(req), parseInput(identityApi.userTenantQuery, req.query, 'query').tenant_id);

/** Staff accounts of a tenant: TENANT_ADMIN manages its own, SUPER_ADMIN any; OUTLET_MANAGER may only read. */
export function userRoutes(deps: IdentityDeps): Router {
  const router = Router();
  const reader = requireRoles('SUPER_ADMIN', 'TENANT_ADMIN', 'OUTLET_MANAGER');
  const manager = requireRoles('SUPER_ADMIN', 'TENANT_ADMIN');
  router.use(
    '/users',
    authenticate(deps.verifier, { allow: ['staff'] }),
    suspendedWritesGuard(deps),
    auditAdminActs(deps),
  );

  router.post('/users', manager, async (req, res) => {
    const ctx = tenantContext(req);
    const body = parseInput(identityApi.createUserBody, req.body, 'body');
    res.status(201).json(userView(await createUser(deps, ctx, body)));
  });

  router.get('/users', reader, async (req, res) => {
    const query = parseInput(identityApi.userListQuery, req.query, 'query');
    const { items, total } = await listUsers(deps, inNamedTenant(contextOf(req), query.tenant_id), {
      offset: offsetOf(query),
      limit: query.size,
      role: query.role,
      isActive: query.is_active,
    });
    res.json(paged(items.map(userView), total, query));
  });

  router.get('/users/:user_id', reader, async (req, res) => {
    const ctx = tenantContext(req);
    const { user_id } = parseInput(userPath, req.params, 'path');
    res.json(userView(await getUser(deps, ctx, { userId: user_id })));
  });

  router.put('/users/:user_id', manager, async (req, res) => {
    const ctx = tenantContext(req);
    const { user_id } = parseInput(userPath, req.params, 'path');
    const changes = parseInput(identityApi.updateUserBody, req.body, 'body');
    res.json(userView(await changeUser(deps, ctx, { userId: user_id, changes })));
  });

  router.delete('/users/:user_id', manager, async (req, res) => {
    const ctx = tenantContext(req);
    const { user_id } = parseInput(userPath, req.params, 'path');
    await changeUser(deps, ctx, { userId: user_id, changes: { is_active: false } });
    res.status(204).end();
  });

  return router;
}
