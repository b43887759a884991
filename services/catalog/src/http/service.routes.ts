import { Router, type Request } from 'express';
import { z } from 'zod';
import { catalogApi } from '@salon/contracts';
import {
  authOf,
  authenticate,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
  staffOf,
  tenantOf,
} from '@salon/service-kit';
import type { ServiceRecord } from '../db/service.repository';
import { listCategories, templatesFor } from '../domain/categories';
import type { CatalogDeps } from '../domain/deps';
import {
  archiveService,
  changeService,
  createService,
  findServices,
  getService,
  priceOf,
  setOutletPrices,
  type Viewer,
  type Writer,
} from '../domain/manage-services';

const servicePath = z.object({ service_id: objectId });

/** The spec's Service (the internal version stays internal). */
const view = ({ version: _version, ...service }: ServiceRecord) => service;

const viewerOf = (req: Request): Viewer => ({
  tenantId: tenantOf(req),
  customer: authOf(req).kind === 'customer',
});

const writerOf = (req: Request): Writer => {
  const staff = staffOf(req);
  return { tenantId: tenantOf(req), role: staff.role, outletIds: staff.outletIds };
};

export function serviceRoutes(deps: CatalogDeps): Router {
  const router = Router();
  const anyone = [authenticate(deps.verifier, { allow: ['staff', 'customer'] }), deps.plans.suspendedGuard()];
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const writers = [...staff, requireRoles('TENANT_ADMIN', 'OUTLET_MANAGER')];

  router.get('/services', ...anyone, async (req, res) => {
    const viewer = viewerOf(req);
    // Customers see active services only: their status filter is ignored, not validated.
    const raw = viewer.customer ? { ...req.query, status: undefined } : req.query;
    const query = parseInput(catalogApi.serviceListQuery, raw, 'query');
    const { items, total } = await findServices(
      deps,
      viewer,
      {
        status: query.status,
        category: query.category,
        search: query.search || undefined,
        outletId: query.outlet_id,
        minPrice: query.min_price,
        maxPrice: query.max_price,
        minDuration: query.min_duration,
        maxDuration: query.max_duration,
      },
      { offset: offsetOf(query), limit: query.size },
    );
    res.json(paged(items.map(view), total, query));
  });

  router.post('/services', ...writers, async (req, res) => {
    const body = parseInput(catalogApi.createServiceBody, req.body, 'body');
    res.status(201).json(view(await createService(deps, writerOf(req), body, req.id)));
  });

  // Before /services/:service_id, which would otherwise take "categories" as an (invalid) identifier.
  router.get('/services/categories', ...anyone, async (req, res) => {
    const { active_only } = parseInput(catalogApi.categoriesQuery, req.query, 'query');
    res.json(await listCategories(deps, viewerOf(req), active_only));
  });

  router.get('/services/categories/templates', ...anyone, async (req, res) => {
    res.json(await templatesFor(deps, tenantOf(req)));
  });

  router.get('/services/:service_id', ...anyone, async (req, res) => {
    const { service_id } = parseInput(servicePath, req.params, 'path');
    res.json(view(await getService(deps, viewerOf(req), service_id)));
  });

  router.get('/services/:service_id/price', ...anyone, async (req, res) => {
    const { service_id } = parseInput(servicePath, req.params, 'path');
    const { outlet_id } = parseInput(catalogApi.priceQuery, req.query, 'query');
    res.json(await priceOf(deps, viewerOf(req), service_id, outlet_id));
  });

  router.put('/services/:service_id', ...writers, async (req, res) => {
    const { service_id } = parseInput(servicePath, req.params, 'path');
    const body = parseInput(catalogApi.updateServiceBody, req.body, 'body');
    res.json(view(await changeService(deps, writerOf(req), service_id, body, req.id)));
  });

  router.delete('/services/:service_id', ...staff, requireRoles('TENANT_ADMIN'), async (req, res) => {
    const { service_id } = parseInput(servicePath, req.params, 'path');
    await archiveService(deps, writerOf(req), service_id, req.id);
    res.status(204).end();
  });

  router.post('/services/:service_id/pricing', ...writers, async (req, res) => {
    const { service_id } = parseInput(servicePath, req.params, 'path');
    const { outlet_prices } = parseInput(catalogApi.outletPricingBody, req.body, 'body');
    res.json(view(await setOutletPrices(deps, writerOf(req), service_id, outlet_prices, req.id)));
  });

  return router;
}
