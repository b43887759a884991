import { Router } from 'express';
import { z } from 'zod';
import { commerceApi } from '@salon/contracts';
import {
  authenticate,
  contextOf,
  objectId,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
} from '@salon/service-kit';
import { creditWallet } from '../domain/credit-wallet';
import { findCustomerPayments } from '../domain/customer-payments';
import { merchantStatement } from '../domain/merchant-statement';
import type { CommerceDeps } from '../domain/deps';
import { getWallet } from '../domain/get-wallet';
import { processAppointmentPayment } from '../domain/process-appointment-payment';
import { appointmentPaymentView } from './appointment-payment.view';
import { customerPaymentView } from './customer-payment.view';
import { walletCreditView, walletView } from './wallet.view';

const {
  customerPaymentsQuery: paymentsQuery,
  processAppointmentBody: processBody,
  statementQuery,
  walletCreditBody: creditBody,
} = commerceApi;
const customerPath = z.object({ customer_id: objectId });

/** Appointment payment, the customer's payment history, the merchant statement and the minimal wallet. */
export function appointmentPaymentRoutes(deps: CommerceDeps): Router {
  const router = Router();
  const customer = authenticate(deps.verifier, { allow: ['customer'] });

  const paying = [customer, deps.plans.openToCustomersGuard()];

  router.post(
    '/customer/payments/process-appointment',
    ...paying,
    deps.idempotency.guard(),
    async (req, res) => {
      const body = parseInput(processBody, req.body, 'body');
      res.json(appointmentPaymentView(await processAppointmentPayment(deps, contextOf(req), body)));
    },
  );

  router.get('/customer/payments', customer, async (req, res) => {
    const query = parseInput(paymentsQuery, req.query, 'query');
    const { items, total } = await findCustomerPayments(deps, contextOf(req), {
      filters: { status: query.status, type: query.type },
      page: { offset: offsetOf(query), limit: query.size },
    });
    const view = (payment: (typeof items)[number]) =>
      customerPaymentView(payment, deps.config.PUBLIC_BASE_URL);
    res.json(paged(items.map(view), total, query));
  });

  router.get(
    '/merchant/statement',
    authenticate(deps.verifier, { allow: ['staff'] }),
    requireRoles('TENANT_ADMIN', 'SUPER_ADMIN'),
    async (req, res) => {
      const query = parseInput(statementQuery, req.query, 'query');
      res.json(await merchantStatement(deps, contextOf(req), query));
    },
  );

  router.get('/customer/wallet', customer, async (req, res) => {
    res.json(walletView(await getWallet(deps, contextOf(req))));
  });

  router.post(
    '/customers/:customer_id/wallet/credits',
    authenticate(deps.verifier, { allow: ['staff'] }),
    deps.plans.suspendedGuard(),
    requireRoles('TENANT_ADMIN', 'SUPER_ADMIN'),
    async (req, res) => {
      const { customer_id } = parseInput(customerPath, req.params, 'path');
      const body = parseInput(creditBody, req.body, 'body');
      const credit = await creditWallet(deps, contextOf(req), { customerId: customer_id, ...body });
      res.status(201).json(walletCreditView(credit));
    },
  );

  return router;
}
