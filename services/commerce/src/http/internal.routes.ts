import { Router } from 'express';
import { z } from 'zod';
import { subscriptionInvoiceRequest, type DepositStatusResponse } from '@salon/contracts';
import { contextOf, objectId, parseInput, requireInternalToken } from '@salon/service-kit';
import { depositPaidOrApplying } from '../db/payment.repository';
import { checkCustomerDeletion } from '../domain/check-customer-deletion';
import { checkLedger } from '../domain/check-ledger';
import { createSubscriptionInvoice } from '../domain/create-subscription-invoice';
import type { CommerceDeps } from '../domain/deps';
import { expireOverdueInvoices } from '../domain/expire-overdue-invoices';
import { expirePackages } from '../domain/expire-packages';
import { customerDeletionCheckView } from './customer-deletion-check.view';
import { subscriptionInvoiceView } from './subscription-invoice.view';

const checkPath = z.object({ tenant_id: objectId, customer_id: objectId });
const depositPath = z.object({ tenant_id: objectId, appointment_id: objectId });

/**
 * Internal endpoints (X-Internal-Token): identity's deletion pre-check, scheduling's deposit question, billing's
 * invoices, the CronJobs.
 */
export function internalRoutes(deps: CommerceDeps): Router {
  const router = Router();
  const internal = requireInternalToken(deps.config.INTERNAL_TOKEN);

  router.get(
    '/internal/tenants/:tenant_id/customers/:customer_id/deletion-check',
    internal,
    async (req, res) => {
      const { tenant_id, customer_id } = parseInput(checkPath, req.params, 'path');
      const check = await checkCustomerDeletion(deps, contextOf(req), {
        tenantId: tenant_id,
        customerId: customer_id,
      });
      res.json(customerDeletionCheckView(check));
    },
  );

  // Scheduling's question before it releases a booking whose deposit is unpaid (issue 22 item 1).
  router.get(
    '/internal/tenants/:tenant_id/appointments/:appointment_id/deposit',
    internal,
    async (req, res) => {
      const { tenant_id, appointment_id } = parseInput(depositPath, req.params, 'path');
      const answer: DepositStatusResponse = {
        appointment_id,
        paid: await depositPaidOrApplying(deps.db.orm, tenant_id, appointment_id),
      };
      res.json(answer);
    },
  );

  router.post('/internal/subscription-invoices', internal, async (req, res) => {
    const body = parseInput(subscriptionInvoiceRequest, req.body, 'body');
    res
      .status(201)
      .json(subscriptionInvoiceView(await createSubscriptionInvoice(deps, contextOf(req), body)));
  });

  router.post('/internal/jobs/expire-packages', internal, async (req, res) => {
    res.json({ expired: await expirePackages(deps, contextOf(req)) });
  });

  router.post('/internal/jobs/expire-invoices', internal, async (req, res) => {
    res.json(await expireOverdueInvoices(deps, contextOf(req)));
  });

  router.post('/internal/jobs/check-ledger', internal, async (req, res) => {
    res.json(await checkLedger(deps, contextOf(req)));
  });

  return router;
}
