import { Router } from 'express';
import { z } from 'zod';
import { commerceApi } from '@salon/contracts';
import {
  authenticate,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
  tenantOf,
} from '@salon/service-kit';
import type { CommerceDeps } from '../domain/deps';
import {
  archivePackage,
  changePackage,
  createPackage,
  findPackages,
  getPackage,
  packageLimits,
  type PackageView,
} from '../domain/manage-packages';

const {
  createPackageBody: createBody,
  packageListQuery: listQuery,
  updatePackageBody: updateBody,
} = commerceApi;
const packagePath = z.object({ package_id: objectId });

/** The spec's Package (detail, create and update responses). */
export const packageView = ({ is_deleted: _deleted, service_ids: _ids, ...view }: PackageView) => view;

/** List rows: service_ids instead of active_credits_count and discount_amount. */
const listView = (view: PackageView) => ({
  id: view.id,
  name: view.name,
  description: view.description,
  service_ids: view.service_ids,
  package_items: view.package_items,
  package_price: view.package_price,
  currency: view.currency,
  total_individual_price: view.total_individual_price,
  discount_amount: view.discount_amount,
  discount_percentage: view.discount_percentage,
  validity_days: view.validity_days,
  is_active: view.is_active,
  status: view.status,
  total_purchased: view.total_purchased,
  total_revenue: view.total_revenue,
  outlet_ids: view.outlet_ids,
  created_at: view.created_at,
  updated_at: view.updated_at,
});

export function packageRoutes(deps: CommerceDeps): Router {
  const router = Router();
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const readers = [...staff, requireRoles('TENANT_ADMIN', 'SUPER_ADMIN', 'STAFF')];
  const writers = [...staff, requireRoles('TENANT_ADMIN', 'SUPER_ADMIN')];

  router.get('/packages', ...readers, async (req, res) => {
    const query = parseInput(listQuery, req.query, 'query');
    const { items, total } = await findPackages(
      deps,
      tenantOf(req),
      { status: query.status, isActive: query.is_active, outletId: query.outlet_id },
      { offset: offsetOf(query), limit: query.size },
    );
    res.json(paged(items.map(listView), total, query));
  });

  router.post('/packages', ...writers, async (req, res) => {
    const body = parseInput(createBody, req.body, 'body');
    const created = await createPackage(deps, tenantOf(req), {
      ...body,
      package_items: body.package_items.map(({ service_id, quantity }) => ({ service_id, quantity })),
    });
    res.status(201).json(packageView(created));
  });

  // Before /packages/:package_id, which would otherwise take "limits" as an (invalid) identifier.
  router.get(
    '/packages/limits',
    authenticate(deps.verifier, { allow: ['staff', 'customer'] }),
    async (req, res) => {
      res.json(await packageLimits(deps, tenantOf(req)));
    },
  );

  router.get('/packages/:package_id', ...readers, async (req, res) => {
    const { package_id } = parseInput(packagePath, req.params, 'path');
    res.json(packageView(await getPackage(deps, tenantOf(req), package_id)));
  });

  router.patch('/packages/:package_id', ...writers, async (req, res) => {
    const { package_id } = parseInput(packagePath, req.params, 'path');
    const body = parseInput(updateBody, req.body, 'body');
    const changed = await changePackage(deps, tenantOf(req), package_id, {
      ...body,
      package_items: body.package_items?.map(({ service_id, quantity }) => ({ service_id, quantity })),
    });
    res.json(packageView(changed));
  });

  router.delete('/packages/:package_id', ...writers, async (req, res) => {
    const { package_id } = parseInput(packagePath, req.params, 'path');
    await archivePackage(deps, tenantOf(req), package_id);
    res.status(204).end();
  });

  return router;
}
