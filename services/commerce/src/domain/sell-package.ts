import { originOf } from '@salon/messaging';
import { newId, tenantIn, type RequestContext } from '@salon/service-kit';
import {
  findCustomerPackage,
  insertCustomerPackage,
  type CustomerPackageRow,
} from '../db/customer-package.repository';
import { payPackageOffline } from './activate-customer-package';
import { staffUserIn } from './callers';
import { withDetails, type CustomerPackageRecord } from './customer-package-details';
import { PRODUCER, type CommerceDeps } from './deps';
import { pendingCustomerPackage, saleOf } from './package-sale';

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
    const { customer, pkg } = await saleOf(tx, tenantId, {
      customerId: input.customer_id,
      packageId: input.package_id,
      outletId: input.outlet_id,
    });
    const id = newId();
    await insertCustomerPackage(
      tx,
      tenantId,
      pendingCustomerPackage(id, customer.customer_id, pkg, {
        ...input,
        sold_by: soldBy,
        sold_by_staff_id: ctx.caller?.kind === 'staff' ? (ctx.caller.staffId ?? null) : null,
      }),
    );
    if (input.payment_method === 'manual_onspot') {
      await payPackageOffline(
        deps,
        tx,
        tenantId,
        {
          customer_id: customer.customer_id,
          customer_package_id: id,
          amount: input.amount_paid ?? pkg.package_price,
          currency: pkg.currency,
          method: 'manual_onspot',
          receipt_number: null,
          notes: input.notes ?? null,
          recorded_by: soldBy,
        },
        { origin: originOf(ctx, PRODUCER) },
      );
    }
    const [record] = await withDetails(tx, [
      (await findCustomerPackage(tx, tenantId, id)) as CustomerPackageRow,
    ]);
    return record as CustomerPackageRecord;
  });
}
