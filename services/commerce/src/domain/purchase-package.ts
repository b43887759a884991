import { newId, tenantIn, type RequestContext } from '@salon/service-kit';
import {
  findCustomerPackage,
  insertCustomerPackage,
  type CustomerPackageRow,
} from '../db/customer-package.repository';
import { customerIn } from './callers';
import type { CommerceDeps } from './deps';
import {
  assertReachable,
  deliveryMethods,
  issuePackageLink,
  linkDueDate,
  type IssuedLink,
  type PackageLinkTarget,
} from './package-links';
import { pendingCustomerPackage, saleOf } from './package-sale';
import { assertGatewayEnabled } from './provider-invoices';

export interface PurchaseInput {
  package_id: string;
  outlet_id: string;
  payment_method: 'gateway_digital' | 'bank_transfer' | 'pay_on_visit';
  send_email: boolean;
  send_whatsapp: boolean;
  send_sms: boolean;
  notes?: string | null;
  return_url?: string | undefined;
}

/** A reserved package waiting for an offline payment, or one with its payment link. */
export type Purchase =
  | { kind: 'reserved'; row: CustomerPackageRow; method: 'bank_transfer' | 'pay_on_visit' }
  | ({ kind: 'link'; row: CustomerPackageRow } & IssuedLink);

/**
 * POST /customer/packages/purchase, always pending_payment until paid. gateway_digital makes the provider
 * invoice first (nothing is written when the provider fails: 502), then the package, invoice, payment and the
 * link event in one transaction; bank_transfer and pay_on_visit only reserve the package.
 */
export async function purchasePackage(
  deps: CommerceDeps,
  ctx: RequestContext,
  input: PurchaseInput,
): Promise<Purchase> {
  const tenantId = tenantIn(ctx);
  const customerId = customerIn(ctx);
  const { customer, pkg } = await saleOf(deps.db.orm, tenantId, {
    customerId,
    packageId: input.package_id,
    outletId: input.outlet_id,
  });
  const id = newId();
  const newRow = pendingCustomerPackage(id, customerId, pkg, { ...input, sold_by: null });

  if (input.payment_method !== 'gateway_digital') {
    const row = await deps.db.withTx(async (tx) => {
      await insertCustomerPackage(tx, tenantId, newRow);
      return (await findCustomerPackage(tx, tenantId, id)) as CustomerPackageRow;
    });
    return { kind: 'reserved', row, method: input.payment_method };
  }

  assertReachable(customer);
  await assertGatewayEnabled(deps.db.orm, tenantId);
  const channels = deliveryMethods(input, customer);
  const target: PackageLinkTarget = {
    customerPackageId: id,
    packageName: pkg.name,
    price: pkg.package_price,
    currency: pkg.currency,
    customer,
    returnUrl: input.return_url,
  };
  const now = new Date();
  const dueDate = linkDueDate(now);
  const { written: row, ...issued } = await issuePackageLink(
    deps,
    ctx,
    { tenantId, target, channels, dueDate, now },
    async (tx, record) => {
      await insertCustomerPackage(tx, tenantId, newRow);
      await record();
      return (await findCustomerPackage(tx, tenantId, id)) as CustomerPackageRow;
    },
  );
  return { kind: 'link', row, ...issued };
}
