import { Router } from 'express';
import { z } from 'zod';
import { identityApi } from '@salon/contracts';
import {
  authenticate,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
  staffOf,
  tenantOf,
} from '@salon/service-kit';
import { listOutlets, type OutletRecord } from '../db/outlet.repository';
import type { IdentityDeps } from '../domain/deps';
import { changeOutlet, createOutlet, getOutlet } from '../domain/manage-outlets';

const outletPath = z.object({ outlet_id: objectId });

const view = (outlet: OutletRecord) => ({
  id: outlet.id,
  tenant_id: outlet.tenant_id,
  name: outlet.name,
  slug: outlet.slug,
  address: outlet.address,
  phone: outlet.phone,
  timezone: outlet.timezone,
  business_hours: outlet.business_hours,
  is_active: outlet.is_active,
  created_at: outlet.created_at,
  updated_at: outlet.updated_at,
});

export function outletRoutes(deps: IdentityDeps): Router {
  const router = Router();
  router.use('/outlets', authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard());

  router.post('/outlets', requireRoles('TENANT_ADMIN'), async (req, res) => {
    const body = parseInput(identityApi.createOutletBody, req.body, 'body');
    res.status(201).json(view(await createOutlet(deps, tenantOf(req), body, req.id)));
  });

  router.get('/outlets', async (req, res) => {
    const tenantId = tenantOf(req);
    const query = parseInput(identityApi.outletListQuery, req.query, 'query');
    const { items, total } = await listOutlets(deps.db.orm, tenantId, {
      offset: offsetOf(query),
      limit: query.size,
      isActive: query.is_active,
      firstIds: staffOf(req).outletIds,
    });
    res.json(paged(items.map(view), total, query));
  });

  router.get('/outlets/:outlet_id', async (req, res) => {
    const tenantId = tenantOf(req);
    const { outlet_id } = parseInput(outletPath, req.params, 'path');
    res.json(view(await getOutlet(deps, tenantId, outlet_id)));
  });

  router.put('/outlets/:outlet_id', requireRoles('TENANT_ADMIN', 'OUTLET_MANAGER'), async (req, res) => {
    const tenantId = tenantOf(req);
    const { outlet_id } = parseInput(outletPath, req.params, 'path');
    const body = parseInput(identityApi.updateOutletBody, req.body, 'body');
    res.json(view(await changeOutlet(deps, { ...staffOf(req), tenantId }, outlet_id, body, req.id)));
  });

  router.delete('/outlets/:outlet_id', requireRoles('TENANT_ADMIN'), async (req, res) => {
    const tenantId = tenantOf(req);
    const { outlet_id } = parseInput(outletPath, req.params, 'path');
    await changeOutlet(deps, { ...staffOf(req), tenantId }, outlet_id, { is_active: false }, req.id);
    res.status(204).end();
  });

  return router;
}
