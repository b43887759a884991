import { newEvent } from '@salon/messaging';
import { PaymentProviderError, PaymentProviderUnavailableError, type Invoice } from '@salon/payment-provider';
import { badGateway, badRequest, formatMoney, money, newId, type Executor } from '@salon/service-kit';
import {
  findProviderAccount,
  insertInvoice,
  moveInvoice,
  pendingInvoicesOfPackage,
  saveProviderAccount,
} from '../db/invoice.repository';
import { setPaymentLink } from '../db/customer-package.repository';
import { insertPayment, settlePayment } from '../db/payment.repository';
import { findTenant, type CustomerReplica } from '../db/replica.repository';
import { PRODUCER, type CommerceDeps } from './deps';

/** Packages carry no platform fee on any plan (spec Limits). */
export const PACKAGE_FEE_PERCENT = 0;
export const PACKAGE_LINK_DAYS = 3;

export type DeliveryMethod = 'email' | 'whatsapp' | 'sms';

export const webhookUrlOf = (deps: CommerceDeps, tenantId: string): string =>
  `${deps.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/api/v1/webhooks/gateway-invoice/tenant/${tenantId}`;

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

/** The tenant's gateway is enabled when commerce knows the tenant (identity's replica) and it is active. */
export async function assertGatewayEnabled(deps: CommerceDeps, executor: Executor, tenantId: string) {
  const tenant = await findTenant(executor, tenantId);
  if (!tenant || !tenant.is_active) throw badRequest('Payment gateway is not configured for this tenant');
  return tenant;
}

/**
 * The tenant's provider sub-account, created on first use (its callback address set to the tenant webhook)
 * and stored; invoices are then created on its behalf with `for-user-id`.
 */
export async function subAccountOf(deps: CommerceDeps, tenantId: string, linkError: string): Promise<string> {
  const known = await findProviderAccount(deps.db.orm, tenantId);
  if (known) return known;
  const tenant = await assertGatewayEnabled(deps, deps.db.orm, tenantId);
  const account = await callProvider(linkError, () =>
    deps.provider.createAccount({
      email: tenant.email,
      type: 'OWNED',
      public_profile: { business_name: tenant.name },
    }),
  );
  await callProvider(linkError, () =>
    deps.provider.setInvoiceCallbackUrl(webhookUrlOf(deps, tenantId), { forUserId: account.id }),
  );
  return deps.db.withTx((tx) => saveProviderAccount(tx, tenantId, account.id));
}

/** A provider failure as the caller's 502 (4xx from the provider included: the link could not be made). */
export async function callProvider<T>(detail: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError || error instanceof PaymentProviderError)
      throw badGateway(`${detail}: ${error.message}`);
    throw error;
  }
}

/** Best effort: a provider invoice whose database side could not be written is expired so it cannot be paid. */
export async function expireQuietly(deps: CommerceDeps, invoice: Invoice, forUserId: string): Promise<void> {
  try {
    await deps.provider.expireInvoice(invoice.id, { forUserId });
  } catch (error) {
    deps.logger.warn({ invoice: invoice.id, err: error }, 'could not expire an orphaned provider invoice');
  }
}

const compactDate = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');
export const invoiceNumberOf = (prefix: string, id: string, now: Date): string =>
  `INV-${prefix}-${compactDate(now)}-${id.slice(-8).toUpperCase()}`;

export interface PackageLinkTarget {
  customerPackageId: string;
  packageName: string;
  price: string;
  currency: string;
  customer: CustomerReplica;
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
 * Step 2, in the caller's transaction: the invoice (0% fee), the pending gateway payment, the package's link,
 * earlier pending links of the package voided, and `commerce.payment_link.created.v1` in the outbox.
 */
export async function recordPackageLink(
  deps: CommerceDeps,
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
      { producer: PRODUCER, tenantId },
    ),
  ]);
}
