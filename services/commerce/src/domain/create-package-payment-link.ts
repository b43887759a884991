import { badRequest, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import {
  findCustomerPackage,
  lockCustomerPackage,
  type CustomerPackageRow,
} from '../db/customer-package.repository';
import { findCustomer, type CustomerReplica } from '../db/replica.repository';
import type { CommerceDeps } from './deps';
import {
  assertReachable,
  deliveryMethods,
  issuePackageLink,
  linkDueDate,
  type IssuedLink,
  type PackageLinkTarget,
} from './package-links';
import { assertUnpaid } from './package-sale';
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

export interface PackagePaymentLink extends IssuedLink {
  row: CustomerPackageRow;
  customer: CustomerReplica;
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
  assertUnpaid(row);
  const customer = row.customer_id ? await findCustomer(deps.db.orm, tenantId, row.customer_id) : undefined;
  assertReachable(customer);
  const channels = deliveryMethods(input, customer);
  if (channels.length === 0)
    throw badRequest(
      'At least one delivery method the customer can receive is required (email, WhatsApp or SMS)',
    );
  await assertGatewayEnabled(deps.db.orm, tenantId);
  const now = new Date();
  const dueDate = linkDueDate(now, input.due_date);
  if (dueDate.getTime() <= now.getTime()) throw badRequest('due_date must be in the future');
  const target: PackageLinkTarget = {
    customerPackageId: row.id,
    packageName: row.package_name,
    price: row.package_price,
    currency: row.currency,
    customer,
  };
  const issued = await issuePackageLink(
    deps,
    ctx,
    { tenantId, target, channels, dueDate, now },
    async (tx, record) => {
      await lockCustomerPackage(tx, tenantId, row.id);
      assertUnpaid((await findCustomerPackage(tx, tenantId, row.id)) as CustomerPackageRow);
      await record();
    },
  );
  return { row, customer, link: issued.link, channels, webhookUrl: webhookUrlOf(deps, tenantId) };
}
