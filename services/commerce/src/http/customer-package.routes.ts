import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  amountField,
  authenticate,
  authOf,
  boolQuery,
  objectId,
  offsetOf,
  paged,
  pageQuerySchema,
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

const notes = z.string().max(500).nullable().optional();

const sellBody = z.object({
  customer_id: objectId,
  package_id: objectId,
  outlet_id: objectId,
  payment_method: z.enum(['manual_onspot', 'gateway_digital', 'bank_transfer']).default('manual_onspot'),
  amount_paid: amountField({ positive: true }),
  currency: z.string().length(3).toUpperCase().default('IDR'),
  notes,
});

const staffListQuery = pageQuerySchema({ defaultSize: 20 }).extend({
  customer_id: objectId.optional(),
  status_filter: z
    .enum(['pending_payment', 'active', 'partially_used', 'depleted', 'expired', 'cancelled'])
    .optional(),
  include_details: boolQuery.default(false),
});

const creditsQuery = z.object({
  service_id: objectId.optional(),
  include_used: boolQuery.default(false),
  include_expired: boolQuery.default(false),
});

const redeemBody = z.object({
  customer_id: objectId,
  service_id: objectId,
  quantity: z.int().min(1).max(100).default(1),
  appointment_id: objectId.nullable().optional(),
  notes,
});

const recordPaymentBody = z.object({
  amount: amountField({ positive: true }),
  payment_method: z.string().min(1).max(50),
  notes,
  receipt_number: z.string().max(100).nullable().optional(),
});

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
