import { Router } from 'express';
import { publicStaffQuery, publicTenantPath } from '@salon/contracts';
import { contextOf, parseInput, sendCacheable } from '@salon/service-kit';
import type { SchedulingDeps } from '../domain/deps';
import { findPublicStaff } from '../domain/find-public-staff';
import { publicStaffView } from './public-staff.view';

/** The public booking API's staff list: no token, cacheable (ETag, Cache-Control). The grid is in availability. */
export function publicRoutes(deps: SchedulingDeps): Router {
  const router = Router();

  router.get('/public/tenants/:slug/staff', async (req, res) => {
    const { slug } = parseInput(publicTenantPath, req.params, 'path');
    const query = parseInput(publicStaffQuery, req.query, 'query');
    const staff = await findPublicStaff(deps, contextOf(req), {
      slug,
      outletId: query.outlet_id,
      serviceId: query.service_id,
    });
    sendCacheable(req, res, { items: staff.map(publicStaffView) });
  });

  return router;
}
