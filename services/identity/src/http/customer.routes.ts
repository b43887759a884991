import { Router } from 'express';
import { z } from 'zod';
import { identityApi } from '@salon/contracts';
import {
  authenticate,
  badRequest,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
  staffOf,
  tenantOf,
} from '@salon/service-kit';
import { listCustomers } from '../db/customer.repository';
import type { IdentityDeps } from '../domain/deps';
import {
  createCustomerByStaff,
  deleteCustomerByStaff,
  getCustomerForStaff,
  updateCustomerByStaff,
  updatePreferencesByStaff,
} from '../domain/manage-customers';
import { birthDateField } from './birth-date';
import { staffCustomerView } from './customer-views';

const createBody = identityApi.createCustomerBody.safeExtend({ date_of_birth: birthDateField.optional() });
const updateBody = identityApi.updateCustomerBody.safeExtend({
  date_of_birth: birthDateField.nullable().optional(),
});

const READ_ONLY = ['tenant_id', 'created_at', 'loyalty_points', 'total_spent', 'total_appointments'] as const;

const customerPath = z.object({ customer_id: objectId });

/** Customer management by staff: staff tokens only (customer tokens are 403). */
export function customerRoutes(deps: IdentityDeps): Router {
  const router = Router();
  const staff = authenticate(deps.verifier, { allow: ['staff'] });

  router.get('/customers', staff, async (req, res) => {
    const tenantId = tenantOf(req);
    const query = parseInput(identityApi.customerListQuery, req.query, 'query');
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

  router.post('/customers', staff, async (req, res) => {
    const tenantId = tenantOf(req);
    parseInput(identityApi.createCustomerQuery, req.query, 'query');
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
      const { permanent } = parseInput(identityApi.deleteCustomerQuery, req.query, 'query');
      res.json(await deleteCustomerByStaff(deps, staffOf(req), customer_id, permanent, req.id));
    },
  );

  router.put('/customers/:customer_id/preferences', staff, async (req, res) => {
    const { customer_id } = parseInput(customerPath, req.params, 'path');
    const body = parseInput(identityApi.staffPreferencesBody, req.body, 'body');
    res.json(
      staffCustomerView(await updatePreferencesByStaff(deps, staffOf(req), customer_id, body, req.id)),
    );
  });

  return router;
}
