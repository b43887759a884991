import { Router } from 'express';
import { z } from 'zod';
import { identityApi } from '@salon/contracts';
import { authenticate, badRequest, contextOf, objectId, parseInput, requireRoles } from '@salon/service-kit';
import { createTenant } from '../domain/create-tenant';
import { deactivateTenant } from '../domain/deactivate-tenant';
import type { IdentityDeps } from '../domain/deps';
import { getTenant } from '../domain/get-tenant';
import { getTenantStats } from '../domain/get-tenant-stats';
import { listTenants } from '../domain/list-tenants';
import { reactivateTenant } from '../domain/reactivate-tenant';
import { updateTenantDetails } from '../domain/update-tenant';
import { tenantStatsView } from './tenant-stats.view';
import { tenantListItemView, tenantSummaryView, tenantView } from './tenant.view';
import { auditAdminActs } from './admin-audit';
import { suspendedWritesGuard } from './suspended-writes';

const tenantPath = z.object({ tenant_id: objectId });

export function tenantRoutes(deps: IdentityDeps): Router {
  const router = Router();
  const staff = [
    authenticate(deps.verifier, { allow: ['staff'] }),
    suspendedWritesGuard(deps),
    auditAdminActs(deps),
  ];

  router.post('/tenants', ...staff, requireRoles('SUPER_ADMIN'), async (req, res) => {
    const body = parseInput(identityApi.createTenantBody, req.body, 'body');
    const { tenant } = await createTenant(deps, contextOf(req), {
      name: body.name,
      preferredSlug: body.slug,
      email: body.email,
      phone: body.phone,
      description: body.description,
      website: body.website,
      logo_url: body.logo_url,
      theme_color: body.theme_color,
      settings: body.settings,
      admin: {
        email: body.admin_email,
        password: body.admin_password,
        first_name: body.admin_first_name,
        last_name: body.admin_last_name,
      },
    });
    res.status(201).json(tenantSummaryView(tenant));
  });

  router.get('/tenants', ...staff, requireRoles('SUPER_ADMIN'), async (req, res) => {
    const query = parseInput(identityApi.tenantListQuery, req.query, 'query');
    const rows = await listTenants(deps, contextOf(req), {
      skip: query.skip,
      limit: query.limit,
      isActive: query.status === undefined ? undefined : query.status === 'active',
    });
    res.json(rows.map(tenantListItemView));
  });

  router.get(
    '/tenants/:tenant_id',
    ...staff,
    requireRoles('SUPER_ADMIN', 'TENANT_ADMIN', 'OUTLET_MANAGER', 'STAFF'),
    async (req, res) => {
      const { tenant_id } = parseInput(tenantPath, req.params, 'path');
      res.json(tenantView(await getTenant(deps, contextOf(req), { tenantId: tenant_id })));
    },
  );

  router.put(
    '/tenants/:tenant_id',
    ...staff,
    requireRoles('SUPER_ADMIN', 'TENANT_ADMIN'),
    async (req, res) => {
      const { tenant_id } = parseInput(tenantPath, req.params, 'path');
      const { slug, ...changes } = parseInput(identityApi.updateTenantBody, req.body, 'body');
      if (slug !== undefined) throw badRequest('slug cannot be changed after creation');
      res.json(tenantView(await updateTenantDetails(deps, contextOf(req), { tenantId: tenant_id, changes })));
    },
  );

  router.delete('/tenants/:tenant_id', ...staff, requireRoles('SUPER_ADMIN'), async (req, res) => {
    const { tenant_id } = parseInput(tenantPath, req.params, 'path');
    await deactivateTenant(deps, contextOf(req), { tenantId: tenant_id });
    res.status(204).end();
  });

  router.post('/tenants/:tenant_id/reactivate', ...staff, requireRoles('SUPER_ADMIN'), async (req, res) => {
    const { tenant_id } = parseInput(tenantPath, req.params, 'path');
    res.json(tenantView(await reactivateTenant(deps, contextOf(req), { tenantId: tenant_id })));
  });

  router.get(
    '/tenants/:tenant_id/stats',
    ...staff,
    requireRoles('SUPER_ADMIN', 'TENANT_ADMIN'),
    async (req, res) => {
      const { tenant_id } = parseInput(tenantPath, req.params, 'path');
      res.json(tenantStatsView(await getTenantStats(deps, contextOf(req), { tenantId: tenant_id })));
    },
  );

  return router;
}
