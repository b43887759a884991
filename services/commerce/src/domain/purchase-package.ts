import { badRequest, newId, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import {
  findCustomerPackage,
  insertCustomerPackage,
  type CustomerPackageRow,
} from '../db/customer-package.repository';
import { findPackage } from '../db/package.repository';
import { findCustomer, tenantOutletIds } from '../db/replica.repository';
import { customerIn } from './callers';
import type { CommerceDeps } from './deps';
import {
  DAY_MS,
  PACKAGE_LINK_DAYS,
  createProviderPackageInvoice,
  deliveryMethods,
  recordPackageLink,
  writeOrExpire,
  type DeliveryMethod,
  type PackageLinkTarget,
  type PreparedLink,
} from './package-links';
import { availableAt } from './package-rules';
import { assertGatewayEnabled } from './provider-invoices';

export interface PurchaseInput {
  package_id: string;
  outlet_id: string;
  payment_method: 'gateway_digital' | 'bank_transfer' | 'pay_on_visit';
  send_email: boolean;
  send_whatsapp: boolean;
  send_sms: boolean;
  notes?: string | null;
}

/** A reserved package waiting for an offline payment, or one with its payment link. */
export type Purchase =
  | { kind: 'reserved'; row: CustomerPackageRow; method: 'bank_transfer' | 'pay_on_visit' }
  | { kind: 'link'; row: CustomerPackageRow; link: PreparedLink; channels: DeliveryMethod[] };

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
  const customer = await findCustomer(deps.db.orm, tenantId, customerId);
  if (!customer) throw notFound('Customer not found');
  const pkg = await findPackage(deps.db.orm, tenantId, input.package_id);
  if (!pkg || pkg.status !== 'active' || !pkg.is_active || pkg.is_deleted)
    throw notFound('Package not found');
  if (!(await tenantOutletIds(deps.db.orm, tenantId, [input.outlet_id])).has(input.outlet_id))
    throw badRequest('Invalid outlet ID');
  if (!availableAt(pkg.outlet_ids, input.outlet_id))
    throw badRequest('Package is not available at this outlet');

  const id = newId();
  const newRow = {
    id,
    customer_id: customerId,
    package_id: pkg.id,
    outlet_id: input.outlet_id,
    package_name: pkg.name,
    package_price: pkg.package_price,
    payment_method: input.payment_method,
    currency: pkg.currency,
    validity_days: pkg.validity_days,
    notes: input.notes ?? null,
    sold_by: null,
  };

  if (input.payment_method !== 'gateway_digital') {
    const row = await deps.db.withTx(async (tx) => {
      await insertCustomerPackage(tx, tenantId, newRow);
      return (await findCustomerPackage(tx, tenantId, id)) as CustomerPackageRow;
    });
    return { kind: 'reserved', row, method: input.payment_method };
  }

  if (!customer.email && !customer.phone)
    throw badRequest('Customer must have an email or a phone number to receive a payment link');
  await assertGatewayEnabled(deps.db.orm, tenantId);
  const channels = deliveryMethods(input, customer);
  const target: PackageLinkTarget = {
    customerPackageId: id,
    packageName: pkg.name,
    price: pkg.package_price,
    currency: pkg.currency,
    customer,
  };
  const now = new Date();
  const link = await createProviderPackageInvoice(
    deps,
    tenantId,
    target,
    new Date(now.getTime() + PACKAGE_LINK_DAYS * DAY_MS),
    now,
  );
  const row = await writeOrExpire(deps, link, () =>
    deps.db.withTx(async (tx) => {
      await insertCustomerPackage(tx, tenantId, newRow);
      await recordPackageLink(deps, ctx, tx, tenantId, target, link, channels);
      return (await findCustomerPackage(tx, tenantId, id)) as CustomerPackageRow;
    }),
  );
  return { kind: 'link', row, link, channels };
}
