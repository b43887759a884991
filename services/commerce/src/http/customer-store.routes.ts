import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { commerceApi } from '@salon/contracts';
import { CALLBACK_TOKEN_HEADER } from '@salon/payment-provider';
import {
  authenticate,
  contextOf,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
  unauthorized,
} from '@salon/service-kit';
import { acceptInvoiceCallback, callbackTokenValid } from '../domain/accept-invoice-callback';
import { browsePackages } from '../domain/browse-packages';
import { createPackagePaymentLink } from '../domain/create-package-payment-link';
import { customerPackageSummary } from '../domain/customer-package-summary';
import { availableCredits } from '../domain/customer-payments';
import type { CommerceDeps } from '../domain/deps';
import { findCustomerPackages } from '../domain/find-customer-packages';
import { purchasePackage } from '../domain/purchase-package';
import { countCallbackRejection, registerCallbackRejections } from './callback-rejections';
import { customerPackagePageView, purchaseView } from './customer-package.view';
import { storePackageView } from './package.view';
import { paymentLinkCreatedView } from './package-payment.view';

const {
  browseQuery,
  customerPackagesQuery: listQuery,
  invoiceCallbackBody: callbackBody,
  paymentLinkBody: linkBody,
  purchaseBody,
} = commerceApi;

const customerPackagePath = z.object({ customer_package_id: objectId });
const webhookPath = z.object({ tenant_id: objectId });

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
    const { items, total } = await browsePackages(deps, contextOf(req), {
      outletId: query.outlet_id,
      page: { offset: offsetOf(query), limit: query.size },
    });
    res.json(paged(items.map(storePackageView), total, query));
  });

  router.get('/customer/packages/summary', customer, async (req, res) => {
    res.json(await customerPackageSummary(deps, contextOf(req)));
  });

  router.get('/customer/packages/credits/available', customer, async (req, res) => {
    res.json(await availableCredits(deps, contextOf(req)));
  });

  router.post(
    '/customer/packages/purchase',
    customer,
    deps.plans.openToCustomersGuard(),
    deps.idempotency.guard(),
    async (req, res) => {
      const body = parseInput(purchaseBody, req.body, 'body');
      res.status(201).json(purchaseView(await purchasePackage(deps, contextOf(req), body)));
    },
  );

  router.get('/customer/packages', customer, async (req, res) => {
    const query = parseInput(listQuery, req.query, 'query');
    const page = await findCustomerPackages(deps, contextOf(req), {
      status: query.status,
      page: { offset: offsetOf(query), limit: query.size },
      includeDetails: query.include_details,
    });
    res.json(customerPackagePageView(page, query));
  });

  const createLink = async (req: Request, res: Response) => {
    const { customer_package_id } = parseInput(customerPackagePath, req.params, 'path');
    const body = parseInput(linkBody, req.body ?? {}, 'body');
    const created = await createPackagePaymentLink(deps, contextOf(req), {
      customerPackageId: customer_package_id,
      ...body,
    });
    res.json(paymentLinkCreatedView(created));
  };
  router.post('/customer-packages/:customer_package_id/create-payment-link', ...staff, createLink);
  // The spec's alias of the same operation (the routing table forwards it here).
  router.post('/customer/package-payments/:customer_package_id/create-payment-link', ...staff, createLink);

  registerCallbackRejections();
  const webhook = (tenantOfCall: (req: Request) => string | null) => async (req: Request, res: Response) => {
    try {
      const header = req.headers[CALLBACK_TOKEN_HEADER];
      const tenantId = tenantOfCall(req);
      const token = typeof header === 'string' ? header : undefined;
      // The token is checked before the body is parsed: a forged call learns nothing about the payload rules.
      if (!callbackTokenValid(deps.config.PAYMENT_CALLBACK_TOKEN, token))
        throw unauthorized('Invalid callback token');
      const callback = parseInput(callbackBody, req.body, 'body');
      res.json({ status: await acceptInvoiceCallback(deps, contextOf(req), { tenantId, token, callback }) });
    } catch (error) {
      countCallbackRejection(error);
      throw error;
    }
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
