import { Router } from 'express';
import { z } from 'zod';
import { commerceApi } from '@salon/contracts';
import {
  authenticate,
  contextOf,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
} from '@salon/service-kit';
import { archivePackage } from '../domain/archive-package';
import { changePackage } from '../domain/change-package';
import { createPackage } from '../domain/create-package';
import type { CommerceDeps } from '../domain/deps';
import { findPackages } from '../domain/find-packages';
import { getPackage } from '../domain/get-package';
import { packageLimits } from '../domain/package-limits';
import { packageListItemView, packageView } from './package.view';

const {
  createPackageBody: createBody,
  packageListQuery: listQuery,
  updatePackageBody: updateBody,
} = commerceApi;
const packagePath = z.object({ package_id: objectId });

export function packageRoutes(deps: CommerceDeps): Router {
  const router = Router();
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const readers = [...staff, requireRoles('TENANT_ADMIN', 'SUPER_ADMIN', 'STAFF')];
  const writers = [...staff, requireRoles('TENANT_ADMIN', 'SUPER_ADMIN')];

  router.get('/packages', ...readers, async (req, res) => {
    const query = parseInput(listQuery, req.query, 'query');
    const { items, total } = await findPackages(deps, contextOf(req), {
      filters: { status: query.status, isActive: query.is_active, outletId: query.outlet_id },
      page: { offset: offsetOf(query), limit: query.size },
    });
    res.json(paged(items.map(packageListItemView), total, query));
  });

  router.post('/packages', ...writers, async (req, res) => {
    const body = parseInput(createBody, req.body, 'body');
    const created = await createPackage(deps, contextOf(req), {
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
      res.json(await packageLimits(deps, contextOf(req)));
    },
  );

  router.get('/packages/:package_id', ...readers, async (req, res) => {
    const { package_id } = parseInput(packagePath, req.params, 'path');
    res.json(packageView(await getPackage(deps, contextOf(req), { packageId: package_id })));
  });

  router.patch('/packages/:package_id', ...writers, async (req, res) => {
    const { package_id } = parseInput(packagePath, req.params, 'path');
    const body = parseInput(updateBody, req.body, 'body');
    const changed = await changePackage(deps, contextOf(req), {
      packageId: package_id,
      patch: {
        ...body,
        package_items: body.package_items?.map(({ service_id, quantity }) => ({ service_id, quantity })),
      },
    });
    res.json(packageView(changed));
  });

  router.delete('/packages/:package_id', ...writers, async (req, res) => {
    const { package_id } = parseInput(packagePath, req.params, 'path');
    await archivePackage(deps, contextOf(req), { packageId: package_id });
    res.status(204).end();
  });

  return router;
}
