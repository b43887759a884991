import { Router } from 'express';
import { identityApi } from '@salon/contracts';
import { authenticate, customerOf, parseInput } from '@salon/service-kit';
import {
  customerLogin,
  customerLogout,
  refreshCustomerTokens,
  registerCustomer,
  verifyContact,
} from '../domain/customer-auth';
import type { IdentityDeps } from '../domain/deps';

export function customerAuthRoutes(deps: IdentityDeps): Router {
  const router = Router();
  const customer = authenticate(deps.verifier, { allow: ['customer'] });

  router.post('/customer/auth/register', async (req, res) => {
    const body = parseInput(identityApi.customerRegisterBody, req.body, 'body');
    res.status(201).json(await registerCustomer(deps, body, req.id));
  });

  router.post('/customer/auth/login', async (req, res) => {
    res.json(await customerLogin(deps, parseInput(identityApi.customerLoginBody, req.body, 'body')));
  });

  router.post('/customer/auth/refresh', async (req, res) => {
    const body = parseInput(identityApi.refreshBody, req.body, 'body');
    res.json(await refreshCustomerTokens(deps, body.refresh_token));
  });

  router.post('/customer/auth/logout', customer, async (req, res) => {
    const { everywhere } = parseInput(identityApi.customerLogoutQuery, req.query, 'query');
    res.json(await customerLogout(deps, customerOf(req), everywhere));
  });

  router.post('/customer/auth/verify-email', customer, async (req, res) => {
    const { code } = parseInput(identityApi.verificationCodeBody, req.body, 'body');
    res.json(await verifyContact(deps, customerOf(req), 'email', code, req.id));
  });

  router.post('/customer/auth/verify-phone', customer, async (req, res) => {
    const { code } = parseInput(identityApi.verificationCodeBody, req.body, 'body');
    res.json(await verifyContact(deps, customerOf(req), 'phone', code, req.id));
  });

  return router;
}
