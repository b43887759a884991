import { Router } from 'express';
import { z } from 'zod';
import { identityApi } from '@salon/contracts';
import {
  authenticate,
  badRequest,
  contextOf,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
} from '@salon/service-kit';
import { createCustomerByStaff } from '../domain/create-customer';
import { deleteCustomerByStaff } from '../domain/delete-customer';
import type { IdentityDeps } from '../domain/deps';
import { getCustomer } from '../domain/get-customer';
import { listCustomers } from '../domain/list-customers';
import { updateCustomerByStaff } from '../domain/update-customer';
import { updatePreferencesByStaff } from '../domain/update-customer-preferences';
import { birthDateField } from './birth-date';
import { staffCustomerView } from './customer.view';
import { tenantRequired } from './tenant-context';
import { auditAdminActs } from './admin-audit';
import { suspendedWritesGuard } from './suspended-writes';

const createBody = identityApi.createCustomerBody.safeExtend({ date_of_birth: birthDateField.optional() });
const updateBody = identityApi.updateCustomerBody.safeExtend({
  date_of_birth: birthDateField.nullable().optional(),
});

const READ_ONLY = ['tenant_id', 'created_at', 'loyalty_points', 'total_spent', 'total_appointments'] as const;

const customerPath = z.object({ customer_id: objectId });

/** Customer management by staff: staff tokens only (customer tokens are 403). */
export function customerRoutes(deps: IdentityDeps): Router {
  const router = Router();
  const staff = [
    authenticate(deps.verifier, { allow: ['staff'] }),
    suspendedWritesGuard(deps),
    auditAdminActs(deps),
  ];

  router.get('/customers', ...staff, tenantRequired, async (req, res) => {
    const query = parseInput(identityApi.customerListQuery, req.query, 'query');
    const { items, total } = await listCustomers(deps, contextOf(req), {
      filters: {
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
      page: { offset: offsetOf(query), limit: query.size },
    });
    res.json(paged(items.map(staffCustomerView), total, query));
  });

  router.post('/customers', ...staff, tenantRequired, async (req, res) => {
    parseInput(identityApi.createCustomerQuery, req.query, 'query');
    const body = parseInput(createBody, req.body, 'body');
    res.status(201).json(staffCustomerView(await createCustomerByStaff(deps, contextOf(req), body)));
  });

  router.get('/customers/:customer_id', ...staff, async (req, res) => {
    const { customer_id } = parseInput(customerPath, req.params, 'path');
    res.json(staffCustomerView(await getCustomer(deps, contextOf(req), { customerId: customer_id })));
  });

  router.put(
    '/customers/:customer_id',
    ...staff,
    requireRoles('TENANT_ADMIN', 'OUTLET_MANAGER', 'SUPER_ADMIN'),
    async (req, res) => {
      const { customer_id } = parseInput(customerPath, req.params, 'path');
      const readOnly = READ_ONLY.find(
        (field) => req.body && typeof req.body === 'object' && field in req.body,
      );
      if (readOnly) throw badRequest(`${readOnly} cannot be changed`);
      const change = parseInput(updateBody, req.body, 'body');
      const customer = await updateCustomerByStaff(deps, contextOf(req), { customerId: customer_id, change });
      res.json(staffCustomerView(customer));
    },
  );

  router.delete(
    '/customers/:customer_id',
    ...staff,
    requireRoles('TENANT_ADMIN', 'SUPER_ADMIN'),
    async (req, res) => {
      const { customer_id } = parseInput(customerPath, req.params, 'path');
      const { permanent } = parseInput(identityApi.deleteCustomerQuery, req.query, 'query');
      res.json(await deleteCustomerByStaff(deps, contextOf(req), { customerId: customer_id, permanent }));
    },
  );

  router.put('/customers/:customer_id/preferences', ...staff, async (req, res) => {
    const { customer_id } = parseInput(customerPath, req.params, 'path');
    const change = parseInput(identityApi.staffPreferencesBody, req.body, 'body');
    const customer = await updatePreferencesByStaff(deps, contextOf(req), {
      customerId: customer_id,
      change,
    });
    res.json(staffCustomerView(customer));
  });

  return router;
}
