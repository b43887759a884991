import { badRequest, conflict, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import {
  findCustomerPackage,
  lockCustomerPackage,
  type CustomerPackageRow,
} from '../db/customer-package.repository';
import { findCustomer, type CustomerReplica } from '../db/replica.repository';
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
import { assertGatewayEnabled, webhookUrlOf } from './provider-invoices';

export interface PaymentLinkInput {
  customerPackageId: string;
  send_email: boolean;
  send_whatsapp: boolean;
  send_sms: boolean;
  notes?: string | null;
  /** YYYY-MM-DD: the link is payable until the end of that day (UTC). */
  due_date?: string;
}

export interface PackagePaymentLink {
  row: CustomerPackageRow;
  customer: CustomerReplica;
  link: PreparedLink;
  channels: DeliveryMethod[];
  webhookUrl: string;
}

/** Staff: a hosted payment link for a pending package (0% platform fee), delivered by notifications. */
export async function createPackagePaymentLink(
  deps: CommerceDeps,
  ctx: RequestContext,
  input: PaymentLinkInput,
): Promise<PackagePaymentLink> {
  const tenantId = tenantIn(ctx);
  const row = await findCustomerPackage(deps.db.orm, tenantId, input.customerPackageId);
  if (!row) throw notFound('Customer package not found');
  if (row.payment_status === 'paid' || row.status !== 'pending_payment')
    throw conflict('Package already paid');
  const customer = row.customer_id ? await findCustomer(deps.db.orm, tenantId, row.customer_id) : undefined;
  if (!customer || (!customer.email && !customer.phone))
    throw badRequest('Customer must have an email or a phone number to receive a payment link');
  const channels = deliveryMethods(input, customer);
  if (channels.length === 0)
    throw badRequest(
      'At least one delivery method the customer can receive is required (email, WhatsApp or SMS)',
    );
  await assertGatewayEnabled(deps.db.orm, tenantId);
  const now = new Date();
  const dueDate = input.due_date
    ? new Date(`${input.due_date}T23:59:59.999Z`)
    : new Date(now.getTime() + PACKAGE_LINK_DAYS * DAY_MS);
  if (dueDate.getTime() <= now.getTime()) throw badRequest('due_date must be in the future');
  const target: PackageLinkTarget = {
    customerPackageId: row.id,
    packageName: row.package_name,
    price: row.package_price,
    currency: row.currency,
    customer,
  };
  const link = await createProviderPackageInvoice(deps, tenantId, target, dueDate, now);
  await writeOrExpire(deps, link, () =>
    deps.db.withTx(async (tx) => {
      await lockCustomerPackage(tx, tenantId, row.id);
      const current = (await findCustomerPackage(tx, tenantId, row.id)) as CustomerPackageRow;
      if (current.payment_status === 'paid' || current.status !== 'pending_payment')
        throw conflict('Package already paid');
      await recordPackageLink(deps, ctx, tx, tenantId, target, link, channels);
    }),
  );
  return { row, customer, link, channels, webhookUrl: webhookUrlOf(deps, tenantId) };
}
