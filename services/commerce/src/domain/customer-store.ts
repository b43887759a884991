import { badRequest, conflict, formatMoney, money, newId, notFound, sumMoney } from '@salon/service-kit';
import { recentUsage } from '../db/credit.repository';
import {
  findCustomerPackage,
  insertCustomerPackage,
  listCustomerPackages,
  lockCustomerPackage,
  type CustomerPackageRow,
} from '../db/customer-package.repository';
import { findPackage, listPackages } from '../db/package.repository';
import { findCustomer, tenantOutletIds } from '../db/replica.repository';
import { daysUntilExpiry, isExpiringSoon } from './credit-rules';
import { customerPackageView, findCustomerPackages } from './customer-packages';
import type { CommerceDeps } from './deps';
import { availableAt, packageMetrics } from './package-rules';
import {
  PACKAGE_FEE_PERCENT,
  PACKAGE_LINK_DAYS,
  assertGatewayEnabled,
  createProviderPackageInvoice,
  customerName,
  deliveryMethods,
  expireQuietly,
  recordPackageLink,
  webhookUrlOf,
  type PackageLinkTarget,
  type PreparedLink,
} from './payment-links';

const DAY_MS = 86_400_000;

/** Active packages of the tenant available at the outlet, without internal fields. */
export async function browsePackages(
  deps: CommerceDeps,
  tenantId: string,
  outletId: string | undefined,
  page: { offset: number; limit: number },
) {
  const { items, total } = await listPackages(
    deps.db.orm,
    tenantId,
    { purchasableOnly: true, outletId },
    page,
  );
  return {
    items: items.map((pkg) => {
      const metrics = packageMetrics(pkg.package_items, pkg.package_price);
      return {
        id: pkg.id,
        name: pkg.name,
        description: pkg.description,
        package_items: pkg.package_items.map(({ service_id, service_name, quantity, unit_price }) => ({
          service_id,
          service_name,
          quantity,
          unit_price,
        })),
        package_price: pkg.package_price,
        currency: pkg.currency,
        total_individual_price: metrics.total_individual_price,
        discount_percentage: metrics.discount_percentage,
        validity_days: pkg.validity_days,
      };
    }),
    total,
  };
}

export interface CustomerPurchaseInput {
  package_id: string;
  outlet_id: string;
  payment_method: 'gateway_digital' | 'bank_transfer' | 'pay_on_visit';
  send_email: boolean;
  send_whatsapp: boolean;
  send_sms: boolean;
  notes?: string | null;
}

const purchaseView = (row: CustomerPackageRow) => ({
  id: row.id,
  package_id: row.package_id,
  package_name: row.package_name,
  amount: row.package_price,
  currency: row.currency,
  payment_method: row.payment_method,
  payment_status: row.payment_status,
  status: row.status,
  validity_days: row.validity_days,
});

const INSTRUCTIONS = {
  bank_transfer:
    'Transfer the amount to the salon’s bank account and quote the purchase id; staff confirm it.',
  pay_on_visit:
    'Pay at the outlet on your next visit; staff confirm the payment and your credits start then.',
} as const;

/**
 * A customer's purchase: always pending_payment until paid. gateway_digital makes the provider invoice first
 * (nothing is written when the provider fails: 502), then the package, invoice, payment and the link event in
 * one transaction; bank_transfer and pay_on_visit answer payment instructions.
 */
export async function customerPurchase(
  deps: CommerceDeps,
  tenantId: string,
  customerId: string,
  input: CustomerPurchaseInput,
) {
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
    return {
      status: 'pending_payment',
      message: 'Package reserved: it is activated when staff confirm your payment',
      customer_package: purchaseView(row),
      payment_instructions: {
        method: input.payment_method,
        message: INSTRUCTIONS[input.payment_method],
        purchase_id: row.id,
        amount: row.package_price,
        currency: row.currency,
      },
    };
  }

  if (!customer.email && !customer.phone)
    throw badRequest('Customer must have an email or a phone number to receive a payment link');
  await assertGatewayEnabled(deps, deps.db.orm, tenantId);
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
      await recordPackageLink(deps, tx, tenantId, target, link, channels);
      return (await findCustomerPackage(tx, tenantId, id)) as CustomerPackageRow;
    }),
  );
  return {
    status: 'payment_link_created',
    message: 'Payment link created',
    customer_package: purchaseView(row),
    invoice: {
      id: link.invoiceId,
      invoice_number: link.invoiceNumber,
      amount: row.package_price,
      due_date: link.dueDate.toISOString(),
      payment_url: link.providerInvoice.invoice_url,
    },
    delivery_methods: channels,
  };
}

async function writeOrExpire<T>(deps: CommerceDeps, link: PreparedLink, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await expireQuietly(deps, link.providerInvoice, link.forUserId);
    throw error;
  }
}

export interface PaymentLinkInput {
  send_email: boolean;
  send_whatsapp: boolean;
  send_sms: boolean;
  notes?: string | null;
  /** YYYY-MM-DD: the link is payable until the end of that day (UTC). */
  due_date?: string;
}

/** Staff: a hosted payment link for a pending package (0% platform fee), delivered by notifications. */
export async function createPackagePaymentLink(
  deps: CommerceDeps,
  tenantId: string,
  customerPackageId: string,
  input: PaymentLinkInput,
) {
  const row = await findCustomerPackage(deps.db.orm, tenantId, customerPackageId);
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
  await assertGatewayEnabled(deps, deps.db.orm, tenantId);
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
      await recordPackageLink(deps, tx, tenantId, target, link, channels);
    }),
  );
  const amount = formatMoney(row.package_price);
  return {
    status: 'payment_link_created',
    message: `Payment link created and sent by ${channels.join(', ')}`,
    invoice: {
      id: link.invoiceId,
      invoice_number: link.invoiceNumber,
      amount,
      subtotal: amount,
      platform_fee: '0.00',
      platform_fee_percentage: PACKAGE_FEE_PERCENT,
      currency: row.currency,
      due_date: link.dueDate.toISOString(),
      gateway_invoice_id: link.providerInvoice.id,
      invoice_url: link.providerInvoice.invoice_url,
    },
    payment: { id: link.paymentId, reference_id: link.referenceId, status: 'pending', amount },
    customer: { name: customerName(customer), email: customer.email, phone: customer.phone },
    delivery_methods: channels,
    webhook_url: webhookUrlOf(deps, tenantId),
  };
}

export const CUSTOMER_STATUS_FILTERS = ['active', 'depleted', 'expired', 'pending_payment'] as const;

export async function customerPackages(
  deps: CommerceDeps,
  tenantId: string,
  customerId: string,
  status: string | undefined,
  page: { offset: number; limit: number },
  includeDetails: boolean,
) {
  return findCustomerPackages(deps, tenantId, { customerId, status }, page, includeDetails);
}

/** GET /customer/packages/summary in the spec's exact shape. */
export async function customerSummary(deps: CommerceDeps, tenantId: string, customerId: string) {
  const { items } = await listCustomerPackages(deps.db.orm, tenantId, { customerId });
  const now = new Date();
  const views = items.map((row) => customerPackageView(row, undefined, now));
  const usable = views.filter((view) => view.status === 'active' || view.status === 'partially_used');
  const pending = views.filter((view) => view.status === 'pending_payment');
  const sum = (pick: (view: (typeof views)[number]) => number) =>
    views.reduce((total, view) => total + pick(view), 0);
  const expiring = usable
    .filter(
      (view) =>
        view.remaining_credits > 0 && isExpiringSoon(view.expires_at ? new Date(view.expires_at) : null, now),
    )
    .sort((a, b) => Date.parse(a.expires_at as string) - Date.parse(b.expires_at as string));
  const usage = await recentUsage(deps.db.orm, tenantId, customerId);
  return {
    total_packages: views.length,
    active_packages: usable.length,
    pending_payment_packages: pending.length,
    credits_summary: {
      total_credits: sum((view) => view.total_credits),
      used_credits: sum((view) => view.used_credits),
      remaining_credits: sum((view) => (view.status === 'expired' ? 0 : view.remaining_credits)),
      expired_credits: sum((view) => view.expired_credits),
    },
    expiring_soon: {
      count: expiring.length,
      packages: expiring.map((view) => ({
        id: view.id,
        package_name: view.package_name,
        remaining_credits: view.remaining_credits,
        expires_at: view.expires_at,
        days_until_expiry: daysUntilExpiry(view.expires_at ? new Date(view.expires_at) : null, now),
      })),
    },
    pending_payments: {
      count: pending.length,
      total_amount: formatMoney(sumMoney(pending.map((view) => money(view.package_price)))),
      currency: pending[0]?.currency ?? items[0]?.currency ?? 'IDR',
      packages: pending.map((view) => ({
        id: view.id,
        package_name: view.package_name,
        amount: view.package_price,
        payment_url: view.gateway_payment_url,
      })),
    },
    recent_usage: { credits_used_this_month: usage.used, last_used_at: usage.last_used_at },
  };
}
