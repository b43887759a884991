import { Router } from 'express';
import { z } from 'zod';
import { identityApi } from '@salon/contracts';
import { authenticate, badRequest, objectId, parseInput, requireRoles, staffOf } from '@salon/service-kit';
import { createTenant } from '../domain/create-tenant';
import type { IdentityDeps } from '../domain/deps';
import { deactivateTenant, getTenant, reactivateTenant, updateTenantDetails } from '../domain/manage-tenants';
import { tenantStats } from '../domain/tenant-stats';
import { listTenants, type TenantRecord } from '../db/tenant.repository';

const tenantPath = z.object({ tenant_id: objectId });

const summary = (tenant: TenantRecord) => ({
  id: tenant.id,
  name: tenant.name,
  slug: tenant.slug,
  email: tenant.email,
  phone: tenant.phone,
  is_active: tenant.is_active,
  subscription_id: tenant.subscription_id,
  client_partner_id: tenant.client_partner_id,
  client_partner_number: tenant.client_partner_number,
  created_at: tenant.created_at,
  updated_at: tenant.updated_at,
});

export function tenantRoutes(deps: IdentityDeps): Router {
  const router = Router();
  const staff = authenticate(deps.verifier, { allow: ['staff'] });

  const full = async (tenant: TenantRecord) => {
    const plan = await deps.plans.planOf(deps.db.orm, tenant.id);
    return {
      ...summary(tenant),
      description: tenant.description,
      website: tenant.website,
      // Periods and trials are billing's; they reach identity with the subscription events (not yet here).
      subscription: {
        plan: plan.plan,
        status: plan.status,
        trial_ends_at: null,
        current_period_start: null,
        current_period_end: null,
      },
      settings: tenant.settings,
    };
  };

  router.post('/tenants', staff, requireRoles('SUPER_ADMIN'), async (req, res) => {
    const body = parseInput(identityApi.createTenantBody, req.body, 'body');
    const { tenant } = await createTenant(
      deps,
      {
        name: body.name,
        preferredSlug: body.slug,
        email: body.email,
        phone: body.phone,
        description: body.description,
        website: body.website,
        settings: body.settings,
        admin: {
          email: body.admin_email,
          password: body.admin_password,
          first_name: body.admin_first_name,
          last_name: body.admin_last_name,
        },
      },
      req.id,
    );
    res.status(201).json(summary(tenant));
  });

  router.get('/tenants', staff, requireRoles('SUPER_ADMIN'), async (req, res) => {
    const query = parseInput(identityApi.tenantListQuery, req.query, 'query');
    const rows = await listTenants(deps.db.orm, {
      skip: query.skip,
      limit: query.limit,
      isActive: query.status === undefined ? undefined : query.status === 'active',
    });
    res.json(
      rows.map((row) => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        email: row.email,
        is_active: row.is_active,
        subscription: { plan: row.plan ?? 'FREE', status: row.plan_status ?? 'active' },
        created_at: row.created_at,
      })),
    );
  });

  router.get(
    '/tenants/:tenant_id',
    staff,
    requireRoles('SUPER_ADMIN', 'TENANT_ADMIN', 'OUTLET_MANAGER', 'STAFF'),
    async (req, res) => {
      const { tenant_id } = parseInput(tenantPath, req.params, 'path');
      res.json(await full(await getTenant(deps, staffOf(req), tenant_id)));
    },
  );

  router.put('/tenants/:tenant_id', staff, requireRoles('SUPER_ADMIN', 'TENANT_ADMIN'), async (req, res) => {
    const { tenant_id } = parseInput(tenantPath, req.params, 'path');
    const { slug, ...changes } = parseInput(identityApi.updateTenantBody, req.body, 'body');
    if (slug !== undefined) throw badRequest('slug cannot be changed after creation');
    res.json(await full(await updateTenantDetails(deps, staffOf(req), tenant_id, changes, req.id)));
  });

  router.delete('/tenants/:tenant_id', staff, requireRoles('SUPER_ADMIN'), async (req, res) => {
    const { tenant_id } = parseInput(tenantPath, req.params, 'path');
    await deactivateTenant(deps, staffOf(req), tenant_id, req.id);
    res.status(204).end();
  });

  router.post('/tenants/:tenant_id/reactivate', staff, requireRoles('SUPER_ADMIN'), async (req, res) => {
    const { tenant_id } = parseInput(tenantPath, req.params, 'path');
    res.json(await full(await reactivateTenant(deps, staffOf(req), tenant_id, req.id)));
  });

  router.get(
    '/tenants/:tenant_id/stats',
    staff,
    requireRoles('SUPER_ADMIN', 'TENANT_ADMIN'),
    async (req, res) => {
      const { tenant_id } = parseInput(tenantPath, req.params, 'path');
      res.json(await tenantStats(deps, staffOf(req), tenant_id));
    },
  );

  return router;
}
