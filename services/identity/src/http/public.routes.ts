import { Router } from 'express';
import { identityApi } from '@salon/contracts';
import { newId, parseInput } from '@salon/service-kit';
import { createTenant } from '../domain/create-tenant';
import type { IdentityDeps } from '../domain/deps';

export function publicRoutes(deps: IdentityDeps): Router {
  const router = Router();

  router.post('/public/register', async (req, res) => {
    const body = parseInput(identityApi.registerBusinessBody, req.body, 'body');
    const { tenant } = await createTenant(
      deps,
      {
        name: body.business_name,
        preferredSlug: body.preferred_slug,
        email: body.business_email,
        phone: body.business_phone,
        description: body.description,
        website: body.website,
        settings: { business_type: body.business_type ?? null },
        admin: {
          email: body.admin_email,
          password: body.admin_password,
          first_name: body.admin_first_name,
          last_name: body.admin_last_name,
        },
      },
      req.id,
    );
    res.status(201).json({
      registration_id: newId(),
      tenant_id: tenant.id,
      slug: tenant.slug,
      client_partner_id: tenant.client_partner_id,
      client_partner_number: tenant.client_partner_number,
      status: 'active',
      message: 'Registration successful. Your business account is active on the FREE plan.',
      next_steps: [
        'Sign in with your admin email and password',
        'Complete your business profile and outlet details',
        'Add your services',
        'Add your staff and their availability',
        'Share your booking page with customers',
      ],
    });
  });

  return router;
}
