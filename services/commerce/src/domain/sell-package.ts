import { badRequest, newId, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import {
  findCustomerPackage,
  insertCustomerPackage,
  type CustomerPackageRow,
} from '../db/customer-package.repository';
import { findPackage } from '../db/package.repository';
import { insertPayment } from '../db/payment.repository';
import { findCustomer, tenantOutletIds } from '../db/replica.repository';
import { activateCustomerPackage } from './activate-customer-package';
import { staffUserIn } from './callers';
import { withDetails, type CustomerPackageRecord } from './customer-package-details';
import type { CommerceDeps } from './deps';
import { availableAt } from './package-rules';

export interface SellInput {
  customer_id: string;
  package_id: string;
  outlet_id: string;
  payment_method: 'manual_onspot' | 'gateway_digital' | 'bank_transfer' | 'pay_on_visit';
  amount_paid?: string;
  currency?: string;
  notes?: string | null;
}

/**
 * POST /staff/customer-packages: a sale of an active package of the tenant at one of its outlets;
 * manual_onspot is paid (and the package activated) at once, other methods leave it pending_payment.
 */
export async function sellPackage(
  deps: CommerceDeps,
  ctx: RequestContext,
  input: SellInput,
): Promise<CustomerPackageRecord> {
  const tenantId = tenantIn(ctx);
  const soldBy = staffUserIn(ctx);
  return deps.db.withTx(async (tx) => {
    const customer = await findCustomer(tx, tenantId, input.customer_id);
    if (!customer) throw notFound('Customer not found');
    const pkg = await findPackage(tx, tenantId, input.package_id);
    if (!pkg || pkg.status !== 'active' || !pkg.is_active) throw notFound('Package not found');
    if (!(await tenantOutletIds(tx, tenantId, [input.outlet_id])).has(input.outlet_id)) {
      throw badRequest('Invalid outlet ID');
    }
    if (!availableAt(pkg.outlet_ids, input.outlet_id))
      throw badRequest('Package is not available at this outlet');
    const id = newId();
    await insertCustomerPackage(tx, tenantId, {
      id,
      customer_id: customer.customer_id,
      package_id: pkg.id,
      outlet_id: input.outlet_id,
      package_name: pkg.name,
      package_price: pkg.package_price,
      payment_method: input.payment_method,
      currency: pkg.currency,
      validity_days: pkg.validity_days,
      notes: input.notes ?? null,
      sold_by: soldBy,
    });
    if (input.payment_method === 'manual_onspot') {
      const paymentId = newId();
      const amount = input.amount_paid ?? pkg.package_price;
      await insertPayment(tx, tenantId, {
        id: paymentId,
        customer_id: customer.customer_id,
        customer_package_id: id,
        appointment_id: null,
        invoice_id: null,
        amount,
        currency: pkg.currency,
        method: 'manual_onspot',
        provider: 'manual',
        status: 'COMPLETED',
        reference_id: `PKG-${id}-${Date.now()}`,
        receipt_number: null,
        notes: input.notes ?? null,
        recorded_by: soldBy,
        paid_at: new Date(),
      });
      await activateCustomerPackage(tx, tenantId, id, paymentId, amount);
    }
    const [record] = await withDetails(tx, [
      (await findCustomerPackage(tx, tenantId, id)) as CustomerPackageRow,
    ]);
    return record as CustomerPackageRecord;
  });
}
