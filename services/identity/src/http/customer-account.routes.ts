import { Router } from 'express';
import { identityApi } from '@salon/contracts';
import { authenticate, badRequest, customerOf, parseInput } from '@salon/service-kit';
import {
  deleteOwnAccount,
  getOwnCustomer,
  updateConsent,
  updateOwnPreferences,
  updateProfile,
} from '../domain/customer-account';
import type { IdentityDeps } from '../domain/deps';
import { birthDateField } from './birth-date';
import { preferencesView, profileView } from './customer-views';

const profileBody = identityApi.profileBody.safeExtend({ date_of_birth: birthDateField.optional() });

/** The customer's own account: customer tokens only (staff tokens are 403). */
export function customerAccountRoutes(deps: IdentityDeps): Router {
  const router = Router();
  const customer = authenticate(deps.verifier, { allow: ['customer'] });

  router.get('/customers/profile', customer, async (req, res) => {
    res.json(profileView(await getOwnCustomer(deps, customerOf(req))));
  });

  router.post('/customers/profile', customer, async (req, res) => {
    if (req.body && typeof req.body === 'object' && 'email' in req.body)
      throw badRequest('Email cannot be changed');
    const body = parseInput(profileBody, req.body, 'body');
    res.json(profileView(await updateProfile(deps, customerOf(req), body, req.id)));
  });

  router.get('/customers/preferences', customer, async (req, res) => {
    res.json(preferencesView(await getOwnCustomer(deps, customerOf(req))));
  });

  router.put('/customers/preferences', customer, async (req, res) => {
    const body = parseInput(identityApi.ownPreferencesBody, req.body, 'body');
    res.json(preferencesView(await updateOwnPreferences(deps, customerOf(req), body, req.id)));
  });

  router.put('/customers/consent', customer, async (req, res) => {
    const body = parseInput(identityApi.consentBody, req.body, 'body');
    res.json(await updateConsent(deps, customerOf(req), body, req.id));
  });

  router.delete('/customers/account', customer, async (req, res) => {
    res.json(await deleteOwnAccount(deps, customerOf(req), req.id));
  });

  return router;
}
