import { newEvent, originOf } from '@salon/messaging';
import type { Invoice } from '@salon/payment-provider';
import {
  badRequest,
  formatMoney,
  money,
  newId,
  type Executor,
  type RequestContext,
} from '@salon/service-kit';
import { setPaymentLink } from '../db/customer-package.repository';
import { insertInvoice, moveInvoice, pendingInvoicesOfPackage } from '../db/invoice.repository';
import { insertPayment, settlePayment } from '../db/payment.repository';
import type { CustomerReplica } from '../db/replica.repository';
import { PRODUCER, type CommerceDeps } from './deps';
import { callProvider, expireQuietly, invoiceNumberOf, subAccountOf } from './provider-invoices';

/** What the customer's gateway purchase and the staff payment link share: a package's hosted payment link. */

/** Packages carry no platform fee on any plan (spec Limits). */
export const PACKAGE_FEE_PERCENT = 0;
const PACKAGE_LINK_DAYS = 3;
const DAY_MS = 86_400_000;

/** A link is payable until the end of the given day (YYYY-MM-DD, UTC), else for PACKAGE_LINK_DAYS from now. */
export const linkDueDate = (now: Date, day?: string): Date =>
  day ? new Date(`${day}T23:59:59.999Z`) : new Date(now.getTime() + PACKAGE_LINK_DAYS * DAY_MS);

export type DeliveryMethod = 'email' | 'whatsapp' | 'sms';

export const customerName = (customer: CustomerReplica): string =>
  [customer.first_name, customer.last_name].filter(Boolean).join(' ');

/** The requested channels the customer can be reached on: e-mail needs an address, WhatsApp and SMS a phone. */
export function deliveryMethods(
  requested: { send_email: boolean; send_whatsapp: boolean; send_sms: boolean },
  customer: Pick<CustomerReplica, 'email' | 'phone'>,
): DeliveryMethod[] {
  const methods: DeliveryMethod[] = [];
  if (requested.send_email && customer.email) methods.push('email');
  if (requested.send_whatsapp && customer.phone) methods.push('whatsapp');
  if (requested.send_sms && customer.phone) methods.push('sms');
  return methods;
}

export interface PackageLinkTarget {
  customerPackageId: string;
  packageName: string;
  price: string;
  currency: string;
  customer: CustomerReplica;
  /** Where the provider's hosted page sends the customer back, paid or not (the customer's own purchase). */
  returnUrl?: string | undefined;
}

export interface PreparedLink {
  invoiceId: string;
  paymentId: string;
  invoiceNumber: string;
  referenceId: string;
  dueDate: Date;
  providerInvoice: Invoice;
  forUserId: string;
}

/** Step 1, outside any transaction: the provider invoice of a package payment, on the tenant's sub-account. */
export async function createProviderPackageInvoice(
  deps: CommerceDeps,
  tenantId: string,
  target: PackageLinkTarget,
  dueDate: Date,
  now = new Date(),
): Promise<PreparedLink> {
  const linkError = 'Failed to create payment link';
  const forUserId = await subAccountOf(deps, tenantId, linkError);
  const invoiceId = newId();
  const paymentId = newId();
  const invoiceNumber = invoiceNumberOf('PKG', invoiceId, now);
  const price = money(target.price);
  const providerInvoice = await callProvider(linkError, () =>
    deps.provider.createInvoice(
      {
        external_id: invoiceId,
        amount: price.toNumber(),
        currency: target.currency,
        payer_email: target.customer.email ?? undefined,
        description: `Package ${target.packageName} (${invoiceNumber})`,
        invoice_duration: Math.max(60, Math.floor((dueDate.getTime() - now.getTime()) / 1000)),
        items: [{ name: target.packageName, quantity: 1, price: price.toNumber(), category: 'PACKAGE' }],
        fees: [],
        metadata: {
          tenant_id: tenantId,
          invoice_type: 'PACKAGE',
          customer_package_id: target.customerPackageId,
          payment_id: paymentId,
        },
        success_redirect_url: target.returnUrl,
        failure_redirect_url: target.returnUrl,
      },
      { forUserId },
    ),
  );
  return {
    invoiceId,
    paymentId,
    invoiceNumber,
    referenceId: `PKG-${target.customerPackageId}-${now.getTime()}`,
    dueDate,
    providerInvoice,
    forUserId,
  };
}

/**
 * Step 2, in the caller's transaction: the invoice (0% fee, the request's correlation recorded for its
 * callback), the pending gateway payment, the package's link, earlier pending links of the package voided, and
 * `commerce.payment_link.created.v1` in the outbox.
 */
export async function recordPackageLink(
  deps: CommerceDeps,
  ctx: RequestContext,
  tx: Executor,
  tenantId: string,
  target: PackageLinkTarget,
  link: PreparedLink,
  channels: DeliveryMethod[],
): Promise<void> {
  const amount = formatMoney(target.price);
  for (const invoice of await pendingInvoicesOfPackage(tx, tenantId, target.customerPackageId)) {
    await moveInvoice(tx, tenantId, invoice.id, 'VOID');
    if (invoice.payment_id) await settlePayment(tx, tenantId, invoice.payment_id, 'FAILED', null);
  }
  await insertInvoice(tx, tenantId, {
    id: link.invoiceId,
    type: 'PACKAGE',
    invoice_number: link.invoiceNumber,
    customer_id: target.customer.customer_id,
    customer_package_id: target.customerPackageId,
    appointment_id: null,
    payment_id: link.paymentId,
    subtotal: amount,
    platform_fee: '0.00',
    platform_fee_percentage: String(PACKAGE_FEE_PERCENT),
    amount,
    currency: target.currency,
    lines: [{ description: target.packageName, quantity: 1, unit_price: amount, amount }],
    metadata: { provider_account: link.forUserId },
    due_date: link.dueDate.toISOString(),
    gateway_invoice_id: link.providerInvoice.id,
    gateway_invoice_url: link.providerInvoice.invoice_url,
    correlation_id: ctx.requestId,
  });
  await insertPayment(tx, tenantId, {
    id: link.paymentId,
    customer_id: target.customer.customer_id,
    customer_package_id: target.customerPackageId,
    appointment_id: null,
    invoice_id: link.invoiceId,
    amount,
    currency: target.currency,
    method: 'gateway_digital',
    provider: 'gateway',
    status: 'PENDING',
    reference_id: link.referenceId,
    receipt_number: null,
    notes: null,
    recorded_by: null,
    paid_at: null,
  });
  await setPaymentLink(
    tx,
    tenantId,
    target.customerPackageId,
    link.paymentId,
    link.providerInvoice.invoice_url,
  );
  await deps.store.enqueue(tx, [
    newEvent(
      'commerce.payment_link.created.v1',
      {
        tenant_id: tenantId,
        customer_id: target.customer.customer_id,
        customer_package_id: target.customerPackageId,
        payment_id: link.paymentId,
        invoice_id: link.invoiceId,
        invoice_number: link.invoiceNumber,
        amount,
        currency: target.currency,
        payment_url: link.providerInvoice.invoice_url,
        due_date: link.dueDate.toISOString(),
        channels: {
          email: channels.includes('email'),
          whatsapp: channels.includes('whatsapp'),
          sms: channels.includes('sms'),
        },
        customer: {
          name: customerName(target.customer),
          email: target.customer.email,
          phone: target.customer.phone,
        },
        package_name: target.packageName,
      },
      originOf(ctx, PRODUCER, tenantId),
    ),
  ]);
}

/** A customer can be sent a payment link only on an e-mail address or a phone number. */
export function assertReachable(customer: CustomerReplica | undefined): asserts customer is CustomerReplica {
  if (!customer || (!customer.email && !customer.phone))
    throw badRequest('Customer must have an email or a phone number to receive a payment link');
}

/** A link issued: what the provider made and the channels notifications send it on. */
export interface IssuedLink {
  link: PreparedLink;
  channels: DeliveryMethod[];
}

export interface LinkRequest {
  tenantId: string;
  target: PackageLinkTarget;
  channels: DeliveryMethod[];
  dueDate: Date;
  now: Date;
}

/**
 * A package's payment link, whole: the provider invoice first (nothing is written when the provider fails),
 * then one transaction in which `write` runs the caller's steps and calls `record` for the link's rows and event
 * (recordPackageLink); when the transaction fails, the provider invoice already made is expired.
 */
export async function issuePackageLink<T>(
  deps: CommerceDeps,
  ctx: RequestContext,
  { tenantId, target, channels, dueDate, now }: LinkRequest,
  write: (tx: Executor, record: () => Promise<void>) => Promise<T>,
): Promise<IssuedLink & { written: T }> {
  const link = await createProviderPackageInvoice(deps, tenantId, target, dueDate, now);
  try {
    const written = await deps.db.withTx((tx) =>
      write(tx, () => recordPackageLink(deps, ctx, tx, tenantId, target, link, channels)),
    );
    return { link, channels, written };
  } catch (error) {
    await expireQuietly(deps, link.providerInvoice, link.forUserId);
    throw error;
  }
}
