import { Router } from 'express';
import { z } from 'zod';
import {
  authenticate,
  badRequest,
  boolQuery,
  objectId,
  offsetOf,
  pageQuerySchema,
  paged,
  parseInput,
  requireRoles,
  staffOf,
  tenantOf,
} from '@salon/service-kit';
import { listCustomers } from '../db/customer.repository';
import { isReasonableBirthDate } from '../domain/customer-rules';
import type { IdentityDeps } from '../domain/deps';
import {
  createCustomerByStaff,
  deleteCustomerByStaff,
  getCustomerForStaff,
  updateCustomerByStaff,
  updatePreferencesByStaff,
} from '../domain/manage-customers';
import { staffCustomerView } from './customer-views';
import { dateField, emailField, nameField, phoneField } from './fields';

const birthDate = dateField.refine((date) => isReasonableBirthDate(date), {
  error: 'Date of birth must be in the past and within 120 years',
});
const tags = z.array(z.string().trim().min(1).max(50)).max(50);

const staffPreferences = z.object({
  preferred_services: z.array(objectId).max(100).optional(),
  preferred_staff: z.array(objectId).max(50).optional(),
  preferred_outlets: z.array(objectId).max(50).optional(),
  communication_channels: z
    .object({ sms: z.boolean().optional(), email: z.boolean().optional(), push: z.boolean().optional() })
    .optional(),
  marketing_consent: z.boolean().optional(),
  language: z.enum(['id', 'en']).optional(),
  accessibility_needs: z.string().trim().max(500).nullable().optional(),
});

const createBody = z.object({
  email: emailField.optional(),
  phone: phoneField.optional(),
  first_name: nameField(100),
  last_name: nameField(100).optional(),
  date_of_birth: birthDate.optional(),
  gender: z.enum(['male', 'female', 'other']).optional(),
  address: z.string().trim().max(500).optional(),
  avatar_url: z.url().max(2000).optional(),
  password: z.string().min(8, { error: 'Password must be at least 8 characters' }).max(128).optional(),
  tags: tags.optional(),
  is_active: z.boolean().default(true),
  preferences: staffPreferences.optional(),
});

const READ_ONLY = ['tenant_id', 'created_at', 'loyalty_points', 'total_spent', 'total_appointments'] as const;

const updateBody = z.object({
  email: emailField.optional(),
  phone: phoneField.optional(),
  first_name: nameField(100).optional(),
  last_name: nameField(100).nullable().optional(),
  date_of_birth: birthDate.nullable().optional(),
  gender: z.enum(['male', 'female', 'other']).nullable().optional(),
  address: z.string().trim().max(500).nullable().optional(),
  avatar_url: z.url().max(2000).nullable().optional(),
  tags: tags.optional(),
  is_active: z.boolean().optional(),
});

const listQuery = pageQuerySchema().extend({
  search: z.string().trim().max(100).optional(),
  tags: z.string().max(500).optional(),
  has_password: boolQuery.optional(),
  email_verified: boolQuery.optional(),
  created_from: dateField.optional(),
  created_to: dateField.optional(),
});

const createQuery = z.object({ check_duplicate: boolQuery.default(true) });
const deleteQuery = z.object({ permanent: boolQuery.default(false) });
const customerPath = z.object({ customer_id: objectId });

/** Customer management by staff: staff tokens only (customer tokens are 403). */
export function customerRoutes(deps: IdentityDeps): Router {
  const router = Router();
  const staff = authenticate(deps.verifier, { allow: ['staff'] });

  router.get('/customers', staff, async (req, res) => {
    const tenantId = tenantOf(req);
    const query = parseInput(listQuery, req.query, 'query');
    const { items, total } = await listCustomers(
      deps.db.orm,
      tenantId,
      {
        search: query.search || undefined,
        tags: query.tags
          ?.split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
        hasPassword: query.has_password,
        emailVerified: query.email_verified,
        createdFrom: query.created_from,
        createdTo: query.created_to,
      },
      { offset: offsetOf(query), limit: query.size },
    );
    res.json(paged(items.map(staffCustomerView), total, query));
  });

  // check_duplicate is accepted for compatibility; e-mail and phone stay unique per tenant either way (409).
  router.post('/customers', staff, async (req, res) => {
    const tenantId = tenantOf(req);
    parseInput(createQuery, req.query, 'query');
    const body = parseInput(createBody, req.body, 'body');
    if (!body.email && !body.phone) throw badRequest('Either email or phone is required');
    res.status(201).json(staffCustomerView(await createCustomerByStaff(deps, tenantId, body, req.id)));
  });

  router.get('/customers/:customer_id', staff, async (req, res) => {
    const { customer_id } = parseInput(customerPath, req.params, 'path');
    res.json(staffCustomerView(await getCustomerForStaff(deps, staffOf(req), customer_id)));
  });

  router.put(
    '/customers/:customer_id',
    staff,
    requireRoles('TENANT_ADMIN', 'OUTLET_MANAGER', 'SUPER_ADMIN'),
    async (req, res) => {
      const { customer_id } = parseInput(customerPath, req.params, 'path');
      const readOnly = READ_ONLY.find(
        (field) => req.body && typeof req.body === 'object' && field in req.body,
      );
      if (readOnly) throw badRequest(`${readOnly} cannot be changed`);
      const body = parseInput(updateBody, req.body, 'body');
      res.json(staffCustomerView(await updateCustomerByStaff(deps, staffOf(req), customer_id, body, req.id)));
    },
  );

  router.delete(
    '/customers/:customer_id',
    staff,
    requireRoles('TENANT_ADMIN', 'SUPER_ADMIN'),
    async (req, res) => {
      const { customer_id } = parseInput(customerPath, req.params, 'path');
      const { permanent } = parseInput(deleteQuery, req.query, 'query');
      res.json(await deleteCustomerByStaff(deps, staffOf(req), customer_id, permanent, req.id));
    },
  );

  router.put('/customers/:customer_id/preferences', staff, async (req, res) => {
    const { customer_id } = parseInput(customerPath, req.params, 'path');
    const body = parseInput(staffPreferences, req.body, 'body');
    res.json(
      staffCustomerView(await updatePreferencesByStaff(deps, staffOf(req), customer_id, body, req.id)),
    );
  });

  return router;
}
