import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { commerceApi } from '@salon/contracts';
import { authenticate, contextOf, objectId, offsetOf, parseInput, requireRoles } from '@salon/service-kit';
import { cancelCustomerPackage } from '../domain/cancel-customer-package';
import type { CommerceDeps } from '../domain/deps';
import { findCustomerCredits } from '../domain/find-customer-credits';
import { findCustomerPackages } from '../domain/find-customer-packages';
import { getCustomerPackage } from '../domain/get-customer-package';
import { packagePaymentStatus } from '../domain/package-payment-status';
import { recordPackagePayment } from '../domain/record-package-payment';
import { redeemCredits } from '../domain/redeem-credits';
import { sellPackage } from '../domain/sell-package';
import { staffCreditSummary } from '../domain/staff-credit-summary';
import { customerCreditView, customerPackagePageView, customerPackageView } from './customer-package.view';
import { packageCancelledView, packagePaymentStatusView, paymentRecordedView } from './package-payment.view';

const {
  cancelPackageBody,
  creditsQuery,
  recordPaymentBody,
  redeemBody,
  sellPackageBody: sellBody,
  staffCustomerPackagesQuery: staffListQuery,
} = commerceApi;

const customerPath = z.object({ customer_id: objectId });
const customerPackagePath = z.object({ customer_package_id: objectId });
const aliasPath = z.object({ id: objectId });

/** The customer package id of a path, under either of the spec's names for it. */
const customerPackageIdOf = (req: Request, name: 'customer_package_id' | 'id'): string =>
  name === 'id'
    ? parseInput(aliasPath, req.params, 'path').id
    : parseInput(customerPackagePath, req.params, 'path').customer_package_id;

export function customerPackageRoutes(deps: CommerceDeps): Router {
  const router = Router();
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const sellers = [...staff, requireRoles('STAFF', 'TENANT_ADMIN', 'SUPER_ADMIN')];
  const cashiers = [...staff, requireRoles('TENANT_ADMIN', 'OUTLET_MANAGER', 'RECEPTIONIST', 'SUPER_ADMIN')];
  const either = authenticate(deps.verifier, { allow: ['staff', 'customer'] });
  const idempotent = deps.idempotency.guard();

  router.get('/staff/customer-packages', ...sellers, async (req, res) => {
    const query = parseInput(staffListQuery, req.query, 'query');
    const page = await findCustomerPackages(deps, contextOf(req), {
      customerId: query.customer_id,
      status: query.status_filter,
      page: { offset: offsetOf(query), limit: query.size },
      includeDetails: query.include_details,
    });
    res.json(customerPackagePageView(page, query));
  });

  router.post('/staff/customer-packages', ...sellers, idempotent, async (req, res) => {
    const body = parseInput(sellBody, req.body, 'body');
    res.status(201).json(customerPackageView(await sellPackage(deps, contextOf(req), body)));
  });

  router.post('/staff/customer-packages/credits/redeem', ...sellers, async (req, res) => {
    const body = parseInput(redeemBody, req.body, 'body');
    res.json(await redeemCredits(deps, contextOf(req), body));
  });

  router.get('/staff/customer-packages/:customer_id/credits', ...sellers, async (req, res) => {
    const { customer_id } = parseInput(customerPath, req.params, 'path');
    const query = parseInput(creditsQuery, req.query, 'query');
    const credits = await findCustomerCredits(deps, contextOf(req), {
      customerId: customer_id,
      filters: {
        serviceId: query.service_id,
        includeUsed: query.include_used,
        includeExpired: query.include_expired,
      },
    });
    res.json(credits.map(customerCreditView));
  });

  router.get('/staff/customer-packages/:customer_id/summary', ...sellers, async (req, res) => {
    const { customer_id } = parseInput(customerPath, req.params, 'path');
    res.json(await staffCreditSummary(deps, contextOf(req), { customerId: customer_id }));
  });

  const recordHandler = (name: 'customer_package_id' | 'id') => async (req: Request, res: Response) => {
    const customerPackageId = customerPackageIdOf(req, name);
    const body = parseInput(recordPaymentBody, req.body, 'body');
    const recorded = await recordPackagePayment(deps, contextOf(req), { customerPackageId, ...body });
    res.json(paymentRecordedView(recorded));
  };
  router.post(
    '/customer-packages/:customer_package_id/record-payment',
    ...cashiers,
    idempotent,
    recordHandler('customer_package_id'),
  );
  router.post('/customer/package-payments/:id/record-payment', ...cashiers, idempotent, recordHandler('id'));

  router.post(
    '/customer-packages/:customer_package_id/cancel',
    ...staff,
    requireRoles('TENANT_ADMIN', 'OUTLET_MANAGER', 'SUPER_ADMIN'),
    async (req, res) => {
      const customerPackageId = customerPackageIdOf(req, 'customer_package_id');
      const body = parseInput(cancelPackageBody, req.body ?? {}, 'body');
      const cancelled = await cancelCustomerPackage(deps, contextOf(req), {
        customerPackageId,
        reason: body.reason,
      });
      res.json(packageCancelledView(cancelled));
    },
  );

  const statusHandler = (name: 'customer_package_id' | 'id') => async (req: Request, res: Response) => {
    const customerPackageId = customerPackageIdOf(req, name);
    res.json(
      packagePaymentStatusView(await packagePaymentStatus(deps, contextOf(req), { customerPackageId })),
    );
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
      const customerPackageId = customerPackageIdOf(req, 'customer_package_id');
      res.json(customerPackageView(await getCustomerPackage(deps, contextOf(req), { customerPackageId })));
    },
  );

  return router;
}
