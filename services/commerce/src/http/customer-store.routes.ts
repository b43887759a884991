import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { commerceApi } from '@salon/contracts';
import {
  authOf,
  authenticate,
  forbidden,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
  tenantOf,
  unauthorized,
} from '@salon/service-kit';
import {
  browsePackages,
  createPackagePaymentLink,
  customerPackages,
  customerPurchase,
  customerSummary,
} from '../domain/customer-store';
import type { CommerceDeps } from '../domain/deps';
import { acceptInvoiceCallback, callbackTokenValid } from '../domain/gateway-webhook';
import { CALLBACK_TOKEN_HEADER } from '@salon/payment-provider';

const {
  browseQuery,
  customerPackagesQuery: listQuery,
  invoiceCallbackBody: callbackBody,
  paymentLinkBody: linkBody,
  purchaseBody,
} = commerceApi;

const customerPackagePath = z.object({ customer_package_id: objectId });
const webhookPath = z.object({ tenant_id: objectId });

const customerIdOf = (req: Request): string => {
  const auth = authOf(req);
  if (auth.kind !== 'customer') throw forbidden('Customer token required');
  return auth.customerId;
};

/** The customer's package store, staff payment links, and the provider's invoice webhook. */
export function customerStoreRoutes(deps: CommerceDeps): Router {
  const router = Router();
  const customer = authenticate(deps.verifier, { allow: ['customer'] });
  const staff = [
    authenticate(deps.verifier, { allow: ['staff'] }),
    deps.plans.suspendedGuard(),
    requireRoles('STAFF', 'TENANT_ADMIN', 'OUTLET_MANAGER', 'RECEPTIONIST', 'SUPER_ADMIN'),
  ];

  router.get('/customer/packages/browse', customer, async (req, res) => {
    const query = parseInput(browseQuery, req.query, 'query');
    const { items, total } = await browsePackages(deps, tenantOf(req), query.outlet_id, {
      offset: offsetOf(query),
      limit: query.size,
    });
    res.json(paged(items, total, query));
  });

  router.get('/customer/packages/summary', customer, async (req, res) => {
    res.json(await customerSummary(deps, tenantOf(req), customerIdOf(req)));
  });

  router.post(
    '/customer/packages/purchase',
    customer,
    deps.plans.openToCustomersGuard(),
    async (req, res) => {
      const body = parseInput(purchaseBody, req.body, 'body');
      res.status(201).json(await customerPurchase(deps, tenantOf(req), customerIdOf(req), body));
    },
  );

  router.get('/customer/packages', customer, async (req, res) => {
    const query = parseInput(listQuery, req.query, 'query');
    const { items, total } = await customerPackages(
      deps,
      tenantOf(req),
      customerIdOf(req),
      query.status,
      { offset: offsetOf(query), limit: query.size },
      query.include_details,
    );
    res.json(paged(items, total, query));
  });

  const createLink = async (req: Request, res: Response) => {
    const { customer_package_id } = parseInput(customerPackagePath, req.params, 'path');
    const body = parseInput(linkBody, req.body ?? {}, 'body');
    res.json(await createPackagePaymentLink(deps, tenantOf(req), customer_package_id, body));
  };
  router.post('/customer-packages/:customer_package_id/create-payment-link', ...staff, createLink);
  // The spec's alias of the same operation (the routing table forwards it here).
  router.post('/customer/package-payments/:customer_package_id/create-payment-link', ...staff, createLink);

  const webhook = (tenantOfCall: (req: Request) => string | null) => async (req: Request, res: Response) => {
    const token = req.headers[CALLBACK_TOKEN_HEADER];
    const tenantId = tenantOfCall(req);
    const given = typeof token === 'string' ? token : undefined;
    // The token is checked before the body is parsed: a forged call learns nothing about the payload rules.
    if (!callbackTokenValid(deps.config.PAYMENT_CALLBACK_TOKEN, given))
      throw unauthorized('Invalid callback token');
    const body = parseInput(callbackBody, req.body, 'body');
    res.json({ status: await acceptInvoiceCallback(deps, tenantId, given, body) });
  };
  router.post(
    '/webhooks/gateway-invoice/tenant/:tenant_id',
    webhook((req) => parseInput(webhookPath, req.params, 'path').tenant_id),
  );
  // The platform account's callbacks (subscription invoices billing requested).
  router.post(
    '/webhooks/gateway-invoice/platform',
    webhook(() => null),
  );

  return router;
}
