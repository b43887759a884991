import { Router } from 'express';
import { identityApi } from '@salon/contracts';
import { authenticate, badRequest, contextOf, parseInput } from '@salon/service-kit';
import { deleteOwnAccount } from '../domain/delete-own-account';
import type { IdentityDeps } from '../domain/deps';
import { getOwnCustomer } from '../domain/get-own-customer';
import { updateConsent } from '../domain/update-consent';
import { updateOwnPreferences } from '../domain/update-own-preferences';
import { updateProfile } from '../domain/update-profile';
import { birthDateField } from './birth-date';
import { consentView, preferencesView, profileView } from './customer.view';

const profileBody = identityApi.profileBody.safeExtend({ date_of_birth: birthDateField.optional() });

/** The customer's own account: customer tokens only (staff tokens are 403). */
export function customerAccountRoutes(deps: IdentityDeps): Router {
  const router = Router();
  const customer = authenticate(deps.verifier, { allow: ['customer'] });

  router.get('/customers/profile', customer, async (req, res) => {
    res.json(profileView(await getOwnCustomer(deps, contextOf(req))));
  });

  router.post('/customers/profile', customer, async (req, res) => {
    if (req.body && typeof req.body === 'object' && 'email' in req.body)
      throw badRequest('Email cannot be changed');
    const body = parseInput(profileBody, req.body, 'body');
    res.json(profileView(await updateProfile(deps, contextOf(req), body)));
  });

  router.get('/customers/preferences', customer, async (req, res) => {
    res.json(preferencesView(await getOwnCustomer(deps, contextOf(req))));
  });

  router.put('/customers/preferences', customer, async (req, res) => {
    const body = parseInput(identityApi.ownPreferencesBody, req.body, 'body');
    res.json(preferencesView(await updateOwnPreferences(deps, contextOf(req), body)));
  });

  router.put('/customers/consent', customer, async (req, res) => {
    const body = parseInput(identityApi.consentBody, req.body, 'body');
    res.json(consentView(await updateConsent(deps, contextOf(req), body)));
  });

  router.delete('/customers/account', customer, async (req, res) => {
    res.json(await deleteOwnAccount(deps, contextOf(req)));
  });

  return router;
}
