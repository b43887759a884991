import { Router } from 'express';
import { identityApi } from '@salon/contracts';
import { parseInput } from '@salon/service-kit';
import type { IdentityDeps } from '../domain/deps';
import { completeLogin, refreshStaffTokens, staffLogin } from '../domain/staff-sign-in';

export function authRoutes(deps: IdentityDeps): Router {
  const router = Router();

  router.post('/auth/login', async (req, res) => {
    res.json(await staffLogin(deps, parseInput(identityApi.staffLoginBody, req.body, 'body')));
  });

  router.post('/auth/complete-login', async (req, res) => {
    const body = parseInput(identityApi.completeLoginBody, req.body, 'body');
    res.json(await completeLogin(deps, { loginToken: body.login_token, tenantId: body.tenant_id }));
  });

  router.post('/auth/refresh', async (req, res) => {
    const body = parseInput(identityApi.refreshBody, req.body, 'body');
    res.json(await refreshStaffTokens(deps, body.refresh_token));
  });

  return router;
}
