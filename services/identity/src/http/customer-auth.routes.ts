import { Router } from 'express';
import { z } from 'zod';
import { authenticate, boolQuery, customerOf, parseInput } from '@salon/service-kit';
import {
  customerLogin,
  customerLogout,
  refreshCustomerTokens,
  registerCustomer,
  verifyContact,
} from '../domain/customer-auth';
import type { IdentityDeps } from '../domain/deps';
import { emailField, nameField, phoneField, slugField } from './fields';

// Password complexity is "not shown" for customers: the staff-created customer's rule (8+) applies.
const customerPassword = z.string().min(8, { error: 'Password must be at least 8 characters' }).max(128);

const registerBody = z.object({
  email: emailField.optional(),
  phone: phoneField.optional(),
  password: customerPassword,
  first_name: nameField(50),
  last_name: nameField(50),
  tenant_slug: slugField,
  marketing_consent: z.boolean().optional(),
});

const loginBody = z.object({
  email: emailField.optional(),
  phone: phoneField.optional(),
  password: z.string().min(1).max(128),
  tenant_slug: slugField.optional(),
});

const logoutQuery = z.object({ everywhere: boolQuery.default(false) });
const refreshBody = z.object({ refresh_token: z.string().min(1).max(4000) });
const codeBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'Code must be 6 digits' }),
});

export function customerAuthRoutes(deps: IdentityDeps): Router {
  const router = Router();
  const customer = authenticate(deps.verifier, { allow: ['customer'] });

  router.post('/customer/auth/register', async (req, res) => {
    const body = parseInput(registerBody, req.body, 'body');
    res.status(201).json(await registerCustomer(deps, body, req.id));
  });

  router.post('/customer/auth/login', async (req, res) => {
    res.json(await customerLogin(deps, parseInput(loginBody, req.body, 'body')));
  });

  router.post('/customer/auth/refresh', async (req, res) => {
    const body = parseInput(refreshBody, req.body, 'body');
    res.json(await refreshCustomerTokens(deps, body.refresh_token));
  });

  router.post('/customer/auth/logout', customer, async (req, res) => {
    const { everywhere } = parseInput(logoutQuery, req.query, 'query');
    res.json(await customerLogout(deps, customerOf(req), everywhere));
  });

  router.post('/customer/auth/verify-email', customer, async (req, res) => {
    const { code } = parseInput(codeBody, req.body, 'body');
    res.json(await verifyContact(deps, customerOf(req), 'email', code, req.id));
  });

  router.post('/customer/auth/verify-phone', customer, async (req, res) => {
    const { code } = parseInput(codeBody, req.body, 'body');
    res.json(await verifyContact(deps, customerOf(req), 'phone', code, req.id));
  });

  return router;
}
