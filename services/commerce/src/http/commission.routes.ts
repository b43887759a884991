import { Router } from 'express';
import { z } from 'zod';
import { commerceApi } from '@salon/contracts';
import { authenticate, contextOf, objectId, parseInput, requireRoles } from '@salon/service-kit';
import type { CommerceDeps } from '../domain/deps';
import { refundPayment } from '../domain/refund-payment';
import { commissionReport, getCommissionRule, setCommissionRule } from '../domain/staff-commission';

const { commissionReportQuery, commissionRuleBody, paymentRefundBody } = commerceApi;
const staffPath = z.object({ staff_id: objectId });
const paymentPath = z.object({ payment_id: objectId });

/** Staff commission (rules and the report per staff member and period) and the staff refund of a payment. */
export function commissionRoutes(deps: CommerceDeps): Router {
  const router = Router();
  const staff = authenticate(deps.verifier, { allow: ['staff'] });
  const managers = requireRoles('TENANT_ADMIN', 'SUPER_ADMIN', 'OUTLET_MANAGER');
  const readers = requireRoles('TENANT_ADMIN', 'SUPER_ADMIN', 'OUTLET_MANAGER', 'STAFF');

  router.get('/staff/:staff_id/commission', staff, readers, async (req, res) => {
    const { staff_id } = parseInput(staffPath, req.params, 'path');
    res.json(await getCommissionRule(deps, contextOf(req), staff_id));
  });

  router.put(
    '/staff/:staff_id/commission',
    staff,
    deps.plans.suspendedGuard(),
    managers,
    async (req, res) => {
      const { staff_id } = parseInput(staffPath, req.params, 'path');
      const body = parseInput(commissionRuleBody, req.body, 'body');
      res.json(await setCommissionRule(deps, contextOf(req), staff_id, body));
    },
  );

  router.get('/staff/:staff_id/commission/report', staff, readers, async (req, res) => {
    const { staff_id } = parseInput(staffPath, req.params, 'path');
    const query = parseInput(commissionReportQuery, req.query, 'query');
    res.json(await commissionReport(deps, contextOf(req), staff_id, query));
  });

  router.post(
    '/payments/:payment_id/refund',
    staff,
    deps.plans.suspendedGuard(),
    requireRoles('TENANT_ADMIN', 'SUPER_ADMIN'),
    async (req, res) => {
      const { payment_id } = parseInput(paymentPath, req.params, 'path');
      const body = parseInput(paymentRefundBody, req.body, 'body');
      res.json(await refundPayment(deps, contextOf(req), { paymentId: payment_id, ...body }));
    },
  );

  return router;
}
