import { Router, type RequestHandler } from 'express';
import { identityApi } from '@salon/contracts';
import { authenticate, contextOf, parseInput } from '@salon/service-kit';
import { changeStaffPassword } from '../domain/change-staff-password';
import { completeLogin } from '../domain/complete-login';
import type { IdentityDeps } from '../domain/deps';
import { enterTenant } from '../domain/enter-tenant';
import { refreshStaffTokens } from '../domain/refresh-staff-tokens';
import { requestStaffPasswordReset } from '../domain/request-staff-password-reset';
import { resetStaffPassword } from '../domain/reset-staff-password';
import { staffLogin } from '../domain/staff-login';
import { staffLogout } from '../domain/staff-logout';

export function authRoutes(deps: IdentityDeps): Router {
  const router = Router();
  const staff = authenticate(deps.verifier, { allow: ['staff'] });

  router.post('/auth/login', async (req, res) => {
    const body = parseInput(identityApi.staffLoginBody, req.body, 'body');
    res.json(await staffLogin(deps, contextOf(req), body));
  });

  // With a login token: the organisation chosen after sign-in. Without: a SUPER_ADMIN, signed in (its access
  // token as bearer), enters the tenant it names.
  const withoutLoginToken: RequestHandler = (req, res, next) =>
    (req.body as { login_token?: unknown } | undefined)?.login_token === undefined
      ? staff(req, res, next)
      : next();
  router.post('/auth/complete-login', withoutLoginToken, async (req, res) => {
    const body = parseInput(identityApi.completeLoginBody, req.body, 'body');
    const ctx = contextOf(req);
    res.json(
      body.login_token === undefined
        ? await enterTenant(deps, ctx, { tenantId: body.tenant_id })
        : await completeLogin(deps, ctx, { loginToken: body.login_token, tenantId: body.tenant_id }),
    );
  });

  router.post('/auth/refresh', async (req, res) => {
    const body = parseInput(identityApi.refreshBody, req.body, 'body');
    res.json(await refreshStaffTokens(deps, contextOf(req), { refreshToken: body.refresh_token }));
  });

  router.post('/auth/logout', staff, async (req, res) => {
    const { everywhere } = parseInput(identityApi.staffLogoutQuery, req.query, 'query');
    res.json(await staffLogout(deps, contextOf(req), { everywhere }));
  });

  router.post('/auth/password/forgot', async (req, res) => {
    const body = parseInput(identityApi.staffPasswordForgotBody, req.body, 'body');
    res.json(await requestStaffPasswordReset(deps, contextOf(req), body));
  });

  router.post('/auth/password/reset', async (req, res) => {
    const body = parseInput(identityApi.staffPasswordResetBody, req.body, 'body');
    res.json(await resetStaffPassword(deps, contextOf(req), body));
  });

  router.post('/auth/password/change', staff, async (req, res) => {
    const body = parseInput(identityApi.staffPasswordChangeBody, req.body, 'body');
    res.json(await changeStaffPassword(deps, contextOf(req), body));
  });

  return router;
}
