import { Router } from 'express';
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
} from '@salon/service-kit';
import { changeOutlet } from '../domain/change-outlet';
import { createOutlet } from '../domain/create-outlet';
import type { IdentityDeps } from '../domain/deps';
import { getOutlet } from '../domain/get-outlet';
import { listOutlets } from '../domain/list-outlets';
import { outletView } from './outlet.view';
import { suspendedWritesGuard } from './suspended-writes';
import { tenantRequired } from './tenant-context';

const outletPath = z.object({ outlet_id: objectId });

export function outletRoutes(deps: IdentityDeps): Router {
  const router = Router();
  router.use('/outlets', authenticate(deps.verifier, { allow: ['staff'] }), suspendedWritesGuard(deps));

  router.post('/outlets', requireRoles('TENANT_ADMIN'), async (req, res) => {
    const body = parseInput(identityApi.createOutletBody, req.body, 'body');
    res.status(201).json(outletView(await createOutlet(deps, contextOf(req), body)));
  });

  router.get('/outlets', tenantRequired, async (req, res) => {
    const query = parseInput(identityApi.outletListQuery, req.query, 'query');
    const { items, total } = await listOutlets(deps, contextOf(req), {
      offset: offsetOf(query),
      limit: query.size,
      isActive: query.is_active,
    });
    res.json(paged(items.map(outletView), total, query));
  });

  router.get('/outlets/:outlet_id', tenantRequired, async (req, res) => {
    const { outlet_id } = parseInput(outletPath, req.params, 'path');
    res.json(outletView(await getOutlet(deps, contextOf(req), { outletId: outlet_id })));
  });

  router.put(
    '/outlets/:outlet_id',
    requireRoles('TENANT_ADMIN', 'OUTLET_MANAGER'),
    tenantRequired,
    async (req, res) => {
      const { outlet_id } = parseInput(outletPath, req.params, 'path');
      const changes = parseInput(identityApi.updateOutletBody, req.body, 'body');
      res.json(outletView(await changeOutlet(deps, contextOf(req), { outletId: outlet_id, changes })));
    },
  );

  router.delete('/outlets/:outlet_id', requireRoles('TENANT_ADMIN'), tenantRequired, async (req, res) => {
    const { outlet_id } = parseInput(outletPath, req.params, 'path');
    await changeOutlet(deps, contextOf(req), { outletId: outlet_id, changes: { is_active: false } });
    res.status(204).end();
  });

  return router;
}
