import { Router } from 'express';
import { identityApi, publicTenantPath } from '@salon/contracts';
import { contextOf, newId, parseInput, sendCacheable } from '@salon/service-kit';
import { createTenant } from '../domain/create-tenant';
import type { IdentityDeps } from '../domain/deps';
import { getPublicBusiness } from '../domain/get-public-business';
import { publicBusinessView } from './public-business.view';
import { tenantRegistrationView } from './tenant.view';

export function publicRoutes(deps: IdentityDeps): Router {
  const router = Router();

  router.post('/public/register', async (req, res) => {
    const body = parseInput(identityApi.registerBusinessBody, req.body, 'body');
    const { tenant } = await createTenant(deps, contextOf(req), {
      name: body.business_name,
      preferredSlug: body.preferred_slug,
      email: body.business_email,
      phone: body.business_phone,
      phoneField: 'business_phone',
      description: body.description,
      website: body.website,
      settings: { business_type: body.business_type ?? null },
      admin: {
        email: body.admin_email,
        password: body.admin_password,
        first_name: body.admin_first_name,
        last_name: body.admin_last_name,
      },
    });
    res.status(201).json(tenantRegistrationView(tenant, newId()));
  });

  // The public booking API: no token, cacheable (ETag, Cache-Control).
  router.get('/public/tenants/:slug', async (req, res) => {
    const { slug } = parseInput(publicTenantPath, req.params, 'path');
    sendCacheable(req, res, publicBusinessView(await getPublicBusiness(deps, contextOf(req), { slug })));
  });

  return router;
}
