import { Router, type Request } from 'express';
import { z } from 'zod';
import { commerceApi } from '@salon/contracts';
import {
  authenticate,
  authOf,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
  staffOf,
  tenantOf,
} from '@salon/service-kit';
import {
  customerCredits,
  findCustomerPackages,
  getCustomerPackage,
  assertCustomer,
  paymentStatus,
  purchasePackage,
  recordPayment,
  staffCreditSummary,
} from '../domain/customer-packages';
import type { CommerceDeps } from '../domain/deps';
import { redeemCredits } from '../domain/redeem-credits';

const {
  creditsQuery,
  recordPaymentBody,
  redeemBody,
  sellPackageBody: sellBody,
  staffCustomerPackagesQuery: staffListQuery,
} = commerceApi;

const customerPath = z.object({ customer_id: objectId });
const customerPackagePath = z.object({ customer_package_id: objectId });
const aliasPath = z.object({ id: objectId });

const actorOf = (req: Request) => staffOf(req).userId;

export function customerPackageRoutes(deps: CommerceDeps): Router {
  const router = Router();
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const sellers = [...staff, requireRoles('STAFF', 'TENANT_ADMIN', 'SUPER_ADMIN')];
  const cashiers = [...staff, requireRoles('TENANT_ADMIN', 'OUTLET_MANAGER', 'RECEPTIONIST', 'SUPER_ADMIN')];
  const either = authenticate(deps.verifier, { allow: ['staff', 'customer'] });

  router.get('/staff/customer-packages', ...sellers, async (req, res) => {
    const query = parseInput(staffListQuery, req.query, 'query');
    const tenantId = tenantOf(req);
    if (query.customer_id) await assertCustomer(deps, tenantId, query.customer_id);
    const { items, total } = await findCustomerPackages(
      deps,
      tenantId,
      { customerId: query.customer_id, status: query.status_filter },
      { offset: offsetOf(query), limit: query.size },
      query.include_details,
    );
    res.json(paged(items, total, query));
  });

  router.post('/staff/customer-packages', ...sellers, async (req, res) => {
    const body = parseInput(sellBody, req.body, 'body');
    res.status(201).json(await purchasePackage(deps, tenantOf(req), body, actorOf(req)));
  });

  router.post('/staff/customer-packages/credits/redeem', ...sellers, async (req, res) => {
    const body = parseInput(redeemBody, req.body, 'body');
    res.json(await redeemCredits(deps, tenantOf(req), body, actorOf(req)));
  });

  router.get('/staff/customer-packages/:customer_id/credits', ...sellers, async (req, res) => {
    const { customer_id } = parseInput(customerPath, req.params, 'path');
    const query = parseInput(creditsQuery, req.query, 'query');
    res.json(
      await customerCredits(deps, tenantOf(req), customer_id, {
        serviceId: query.service_id,
        includeUsed: query.include_used,
        includeExpired: query.include_expired,
      }),
    );
  });

  router.get('/staff/customer-packages/:customer_id/summary', ...sellers, async (req, res) => {
    const { customer_id } = parseInput(customerPath, req.params, 'path');
    res.json(await staffCreditSummary(deps, tenantOf(req), customer_id));
  });

  const recordHandler =
    (path: 'customer_package_id' | 'id') => async (req: Request, res: import('express').Response) => {
      const params = parseInput(
        path === 'id' ? aliasPath : customerPackagePath,
        req.params,
        'path',
      ) as Record<string, string>;
      const body = parseInput(recordPaymentBody, req.body, 'body');
      res.json(await recordPayment(deps, tenantOf(req), params[path] as string, body, actorOf(req)));
    };
  router.post(
    '/customer-packages/:customer_package_id/record-payment',
    ...cashiers,
    recordHandler('customer_package_id'),
  );
  router.post('/customer/package-payments/:id/record-payment', ...cashiers, recordHandler('id'));

  const statusHandler =
    (path: 'customer_package_id' | 'id') => async (req: Request, res: import('express').Response) => {
      const params = parseInput(
        path === 'id' ? aliasPath : customerPackagePath,
        req.params,
        'path',
      ) as Record<string, string>;
      const auth = authOf(req);
      const customerId = auth.kind === 'customer' ? auth.customerId : undefined;
      res.json(await paymentStatus(deps, tenantOf(req), params[path] as string, { customerId }));
    };
  router.get(
    '/customer-packages/:customer_package_id/payment-status',
    either,
    statusHandler('customer_package_id'),
  );
  router.get('/customer/package-payments/:id/payment-status', either, statusHandler('id'));
  router.get(
    '/customer/packages/:customer_package_id/payment-status',
    either,
    statusHandler('customer_package_id'),
  );

  router.get(
    '/customer/packages/:customer_package_id',
    authenticate(deps.verifier, { allow: ['customer'] }),
    async (req, res) => {
      const { customer_package_id } = parseInput(customerPackagePath, req.params, 'path');
      const auth = authOf(req);
      res.json(
        await getCustomerPackage(deps, tenantOf(req), customer_package_id, {
          customerId: auth.kind === 'customer' ? auth.customerId : undefined,
        }),
      );
    },
  );

  return router;
}
