import { Router } from 'express';
import { z } from 'zod';
import { catalogApi } from '@salon/contracts';
import {
  authenticate,
  contextOf,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
} from '@salon/service-kit';
import { archiveService } from '../domain/archive-service';
import { isCustomer } from '../domain/callers';
import { changeService } from '../domain/change-service';
import { createService } from '../domain/create-service';
import type { CatalogDeps } from '../domain/deps';
import { findServices } from '../domain/find-services';
import { getService } from '../domain/get-service';
import { listCategories } from '../domain/list-categories';
import { listCategoryTemplates } from '../domain/list-category-templates';
import { resolveServicePrice } from '../domain/resolve-service-price';
import { setOutletPrices } from '../domain/set-outlet-prices';
import { pricedServiceView, serviceView } from './service.view';

const servicePath = z.object({ service_id: objectId });

export function serviceRoutes(deps: CatalogDeps): Router {
  const router = Router();
  const anyone = [authenticate(deps.verifier, { allow: ['staff', 'customer'] }), deps.plans.suspendedGuard()];
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const writers = [...staff, requireRoles('TENANT_ADMIN', 'OUTLET_MANAGER')];

  router.get('/services', ...anyone, async (req, res) => {
    const ctx = contextOf(req);
    // Customers see active services only: their status filter is ignored, not validated.
    const raw = isCustomer(ctx) ? { ...req.query, status: undefined } : req.query;
    const query = parseInput(catalogApi.serviceListQuery, raw, 'query');
    const { items, total } = await findServices(deps, ctx, {
      filters: {
        status: query.status,
        category: query.category,
        search: query.search || undefined,
        minPrice: query.min_price,
        maxPrice: query.max_price,
        minDuration: query.min_duration,
        maxDuration: query.max_duration,
      },
      outletId: query.outlet_id,
      page: { offset: offsetOf(query), limit: query.size },
    });
    res.json(paged(items.map(pricedServiceView), total, query));
  });

  router.post('/services', ...writers, async (req, res) => {
    const body = parseInput(catalogApi.createServiceBody, req.body, 'body');
    res.status(201).json(serviceView(await createService(deps, contextOf(req), body)));
  });

  // Before /services/:service_id, which would otherwise take "categories" as an (invalid) identifier.
  router.get('/services/categories', ...anyone, async (req, res) => {
    const { active_only } = parseInput(catalogApi.categoriesQuery, req.query, 'query');
    res.json(await listCategories(deps, contextOf(req), { activeOnly: active_only }));
  });

  router.get('/services/categories/templates', ...anyone, async (req, res) => {
    res.json(await listCategoryTemplates(deps, contextOf(req)));
  });

  router.get('/services/:service_id', ...anyone, async (req, res) => {
    const { service_id } = parseInput(servicePath, req.params, 'path');
    res.json(serviceView(await getService(deps, contextOf(req), { serviceId: service_id })));
  });

  router.get('/services/:service_id/price', ...anyone, async (req, res) => {
    const { service_id } = parseInput(servicePath, req.params, 'path');
    const { outlet_id } = parseInput(catalogApi.priceQuery, req.query, 'query');
    res.json(await resolveServicePrice(deps, contextOf(req), { serviceId: service_id, outletId: outlet_id }));
  });

  router.put('/services/:service_id', ...writers, async (req, res) => {
    const { service_id } = parseInput(servicePath, req.params, 'path');
    const body = parseInput(catalogApi.updateServiceBody, req.body, 'body');
    res.json(serviceView(await changeService(deps, contextOf(req), { serviceId: service_id, patch: body })));
  });

  router.delete('/services/:service_id', ...staff, requireRoles('TENANT_ADMIN'), async (req, res) => {
    const { service_id } = parseInput(servicePath, req.params, 'path');
    await archiveService(deps, contextOf(req), { serviceId: service_id });
    res.status(204).end();
  });

  router.post('/services/:service_id/pricing', ...writers, async (req, res) => {
    const { service_id } = parseInput(servicePath, req.params, 'path');
    const { outlet_prices } = parseInput(catalogApi.outletPricingBody, req.body, 'body');
    const service = await setOutletPrices(deps, contextOf(req), {
      serviceId: service_id,
      changes: outlet_prices,
    });
    res.json(serviceView(service));
  });

  return router;
}
