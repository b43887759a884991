import { Router } from 'express';
import { z } from 'zod';
import { commerceApi } from '@salon/contracts';
import {
  authenticate,
  authOf,
  forbidden,
  objectId,
  parseInput,
  requireRoles,
  staffOf,
  tenantOf,
} from '@salon/service-kit';
import { processAppointmentPayment } from '../domain/appointment-payment';
import type { CommerceDeps } from '../domain/deps';
import { creditWallet, customerWallet } from '../domain/wallet';

const { processAppointmentBody: processBody, walletCreditBody: creditBody } = commerceApi;
const customerPath = z.object({ customer_id: objectId });

/** Appointment payment and the minimal wallet. */
export function appointmentPaymentRoutes(deps: CommerceDeps): Router {
  const router = Router();
  const customer = authenticate(deps.verifier, { allow: ['customer'] });
  const customerIdOf = (auth: ReturnType<typeof authOf>) => {
    if (auth.kind !== 'customer') throw forbidden('Customer token required');
    return auth.customerId;
  };

  const paying = [customer, deps.plans.openToCustomersGuard()];

  router.post('/customer/payments/process-appointment', ...paying, async (req, res) => {
    const body = parseInput(processBody, req.body, 'body');
    res.json(await processAppointmentPayment(deps, tenantOf(req), customerIdOf(authOf(req)), body));
  });

  router.get('/customer/wallet', customer, async (req, res) => {
    res.json(await customerWallet(deps, tenantOf(req), customerIdOf(authOf(req))));
  });

  router.post(
    '/customers/:customer_id/wallet/credits',
    authenticate(deps.verifier, { allow: ['staff'] }),
    deps.plans.suspendedGuard(),
    requireRoles('TENANT_ADMIN', 'SUPER_ADMIN'),
    async (req, res) => {
      const { customer_id } = parseInput(customerPath, req.params, 'path');
      const body = parseInput(creditBody, req.body, 'body');
      res.status(201).json(await creditWallet(deps, tenantOf(req), customer_id, body, staffOf(req).userId));
    },
  );

  return router;
}
