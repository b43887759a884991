import { Router } from 'express';
import { z } from 'zod';
import { authenticate, badRequest, customerOf, objectId, parseInput } from '@salon/service-kit';
import {
  deleteOwnAccount,
  getOwnCustomer,
  updateConsent,
  updateOwnPreferences,
  updateProfile,
} from '../domain/customer-account';
import { isReasonableBirthDate } from '../domain/customer-rules';
import type { IdentityDeps } from '../domain/deps';
import { preferencesView, profileView } from './customer-views';
import { dateField, nameField, phoneField, timezoneField } from './fields';

const atLeastOne = (value: object) => Object.values(value).some((field) => field !== undefined);
const channels = z.object({
  email: z.boolean().optional(),
  sms: z.boolean().optional(),
  push: z.boolean().optional(),
  whatsapp: z.boolean().optional(),
});

const profileBody = z
  .object({
    first_name: nameField(50).optional(),
    last_name: nameField(50).optional(),
    phone: phoneField.optional(),
    date_of_birth: dateField
      .refine((date) => isReasonableBirthDate(date), {
        error: 'Date of birth must be in the past and within 120 years',
      })
      .optional(),
    gender: z.enum(['male', 'female', 'other', 'prefer_not_to_say']).optional(),
  })
  .refine(atLeastOne, { error: 'At least one field is required' });

const preferencesBody = z.object({
  preferred_outlet_id: objectId.nullable().optional(),
  preferred_staff_ids: z.array(objectId).max(50).optional(),
  preferred_services: z.array(objectId).max(100).optional(),
  communication_preferences: channels.optional(),
  marketing_consent: z.boolean().optional(),
  language: z.enum(['en', 'id', 'ms']).optional(),
  timezone: timezoneField.optional(),
  notification_settings: z
    .object({
      booking_reminders: z.boolean().optional(),
      promotional_offers: z.boolean().optional(),
      appointment_updates: z.boolean().optional(),
      loyalty_updates: z.boolean().optional(),
    })
    .optional(),
  notes: z.string().trim().max(500).nullable().optional(),
});

const consentBody = z
  .object({
    marketing_consent: z.boolean().optional(),
    data_processing_consent: z.boolean().optional(),
    analytics_consent: z.boolean().optional(),
    communication_consent: channels.optional(),
  })
  .refine(atLeastOne, { error: 'At least one consent is required' });

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
    const body = parseInput(preferencesBody, req.body, 'body');
    res.json(preferencesView(await updateOwnPreferences(deps, customerOf(req), body, req.id)));
  });

  router.put('/customers/consent', customer, async (req, res) => {
    const body = parseInput(consentBody, req.body, 'body');
    res.json(await updateConsent(deps, customerOf(req), body, req.id));
  });

  router.delete('/customers/account', customer, async (req, res) => {
    res.json(await deleteOwnAccount(deps, customerOf(req), req.id));
  });

  return router;
}
