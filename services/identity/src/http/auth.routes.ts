import { Router } from 'express';
import { z } from 'zod';
import { objectId, parseInput } from '@salon/service-kit';
import type { IdentityDeps } from '../domain/deps';
import { completeLogin, refreshStaffTokens, staffLogin } from '../domain/staff-sign-in';
import { emailField } from './fields';

const loginBody = z.object({ email: emailField, password: z.string().min(1).max(128) });
const completeLoginBody = z.object({ login_token: z.string().min(1).max(200), tenant_id: objectId });
const refreshBody = z.object({ refresh_token: z.string().min(1).max(4000) });

export function authRoutes(deps: IdentityDeps): Router {
  const router = Router();

  router.post('/auth/login', async (req, res) => {
    res.json(await staffLogin(deps, parseInput(loginBody, req.body, 'body')));
  });

  router.post('/auth/complete-login', async (req, res) => {
    const body = parseInput(completeLoginBody, req.body, 'body');
    res.json(await completeLogin(deps, { loginToken: body.login_token, tenantId: body.tenant_id }));
  });

  router.post('/auth/refresh', async (req, res) => {
    const body = parseInput(refreshBody, req.body, 'body');
    res.json(await refreshStaffTokens(deps, body.refresh_token));
  });

  return router;
}
