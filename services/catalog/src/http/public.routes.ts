import { Router } from 'express';
import { publicServicesQuery, publicTenantPath } from '@salon/contracts';
import { contextOf, offsetOf, paged, parseInput, sendCacheable } from '@salon/service-kit';
import type { CatalogDeps } from '../domain/deps';
import { findPublicServices } from '../domain/find-public-services';
import { publicCategoryView, publicServiceView } from './public-service.view';

/** The public booking API's catalog part: no token, cacheable answers (ETag, Cache-Control). */
export function publicRoutes(deps: CatalogDeps): Router {
  const router = Router();

  router.get('/public/tenants/:slug/services', async (req, res) => {
    const { slug } = parseInput(publicTenantPath, req.params, 'path');
    const query = parseInput(publicServicesQuery, req.query, 'query');
    const { items, total, categories } = await findPublicServices(deps, contextOf(req), {
      slug,
      outletId: query.outlet_id,
      category: query.category,
      search: query.search || undefined,
      page: { offset: offsetOf(query), limit: query.size },
    });
    sendCacheable(req, res, {
      ...paged(items.map(publicServiceView), total, query),
      categories: categories.map(publicCategoryView),
    });
  });

  return router;
}
