import { Router } from 'express';
import { identityApi } from '@salon/contracts';
import { contextOf, parseInput } from '@salon/service-kit';
import { completeLogin } from '../domain/complete-login';
import type { IdentityDeps } from '../domain/deps';
import { refreshStaffTokens } from '../domain/refresh-staff-tokens';
import { staffLogin } from '../domain/staff-login';

export function authRoutes(deps: IdentityDeps): Router {
  const router = Router();

  router.post('/auth/login', async (req, res) => {
    const body = parseInput(identityApi.staffLoginBody, req.body, 'body');
    res.json(await staffLogin(deps, contextOf(req), body));
  });

  router.post('/auth/complete-login', async (req, res) => {
    const body = parseInput(identityApi.completeLoginBody, req.body, 'body');
    res.json(
      await completeLogin(deps, contextOf(req), { loginToken: body.login_token, tenantId: body.tenant_id }),
    );
  });

  router.post('/auth/refresh', async (req, res) => {
    const body = parseInput(identityApi.refreshBody, req.body, 'body');
    res.json(await refreshStaffTokens(deps, contextOf(req), { refreshToken: body.refresh_token }));
  });

  return router;
}
