import {
  badRequest,
  conflict,
  forbidden,
  formatMoney,
  money,
  newId,
  notFound,
  type Executor,
} from '@salon/service-kit';
import {
  creditsOfPackages,
  insertCredits,
  listCredits,
  type CreditFilters,
  type CreditRow,
} from '../db/credit.repository';
import {
  findCustomerPackage,
  insertCustomerPackage,
  listCustomerPackages,
  lockCustomerPackage,
  markPackagePaid,
  type CustomerPackageFilters,
  type CustomerPackageRow,
} from '../db/customer-package.repository';
import { findPackage, recordPackageSale, type PackageRecord } from '../db/package.repository';
import { moveInvoice, pendingInvoicesOfPackage } from '../db/invoice.repository';
import { insertPayment, paymentsOfPackage, settlePayment } from '../db/payment.repository';
import { findCustomer, tenantOutletIds } from '../db/replica.repository';
import { STAFF_EXPIRING_WINDOW_DAYS, daysUntilExpiry, expiryFrom, isExpiringSoon } from './credit-rules';
import type { CommerceDeps } from './deps';
import { withMetrics } from './manage-packages';
import { availableAt } from './package-rules';

export const OFFLINE_METHODS = ['cash', 'pos_terminal', 'bank_transfer'] as const;

const parseDate = (value: string | null) => (value === null ? null : new Date(value));

/** The spec's Customer package, with package_details and credits_details when asked for. */
export function customerPackageView(
  row: CustomerPackageRow,
  details?: { pkg: PackageRecord | undefined; credits: CreditRow[] },
  now = new Date(),
) {
  const expiresAt = parseDate(row.expires_at);
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    customer_id: row.customer_id,
    package_id: row.package_id,
    outlet_id: row.outlet_id,
    package_name: row.package_name,
    payment_method: row.payment_method,
    payment_status: row.payment_status,
    payment_id: row.payment_id,
    gateway_payment_url: row.gateway_payment_url,
    amount_paid: row.amount_paid,
    package_price: row.package_price,
    currency: row.currency,
    validity_days: row.validity_days,
    purchased_at: row.purchased_at,
    expires_at: row.expires_at,
    payment_confirmed_at: row.payment_confirmed_at,
    status: row.status,
    total_credits: row.total_credits,
    used_credits: row.used_credits,
    remaining_credits: row.total_credits - row.used_credits - row.expired_credits,
    expired_credits: row.expired_credits,
    notes: row.notes,
    package_details: details ? (details.pkg ? withMetrics(details.pkg) : null) : null,
    credits_details: details
      ? details.credits.map(({ allocated_credits, tenant_id: _t, last_used_at: _l, ...credit }) => ({
          ...credit,
          total_credits: allocated_credits,
        }))
      : null,
    days_until_expiry: row.status === 'pending_payment' ? null : daysUntilExpiry(expiresAt, now),
    is_expiring_soon: row.status === 'expired' ? false : isExpiringSoon(expiresAt, now),
  };
}
export type CustomerPackageView = ReturnType<typeof customerPackageView>;

async function detailed(executor: Executor, rows: CustomerPackageRow[]) {
  const credits = await creditsOfPackages(
    executor,
    rows.map((row) => row.id),
  );
  const packages = new Map<string, PackageRecord | undefined>();
  for (const row of rows) {
    if (!packages.has(row.package_id))
      packages.set(row.package_id, await findPackage(executor, row.tenant_id, row.package_id));
  }
  return rows.map((row) =>
    customerPackageView(row, {
      pkg: packages.get(row.package_id),
      credits: credits.filter((credit) => credit.customer_package_id === row.id),
    }),
  );
}

/**
 * pending_payment → active with its credits, in the caller's transaction; false when the package was not
 * pending (already activated by another confirmation), so nothing is allocated twice.
 */
export async function activateCustomerPackage(
  tx: Executor,
  tenantId: string,
  customerPackageId: string,
  paymentId: string,
  amountPaid: string,
  now = new Date(),
): Promise<boolean> {
  const row = await findCustomerPackage(tx, tenantId, customerPackageId);
  if (!row) return false;
  const expiresAt = expiryFrom(now, row.validity_days);
  const moved = await markPackagePaid(tx, tenantId, customerPackageId, {
    paymentId,
    amountPaid,
    confirmedAt: now,
    expiresAt,
  });
  if (!moved) return false;
  const pkg = await findPackage(tx, tenantId, row.package_id);
  await insertCredits(
    tx,
    tenantId,
    (pkg?.package_items ?? []).map((item) => ({
      id: newId(),
      customer_id: row.customer_id,
      customer_package_id: row.id,
      service_id: item.service_id,
      service_name: item.service_name,
      allocated_credits: item.quantity,
      expires_at: expiresAt,
    })),
  );
  await recordPackageSale(tx, tenantId, row.package_id, amountPaid);
  return true;
}

export interface SellInput {
  customer_id: string;
  package_id: string;
  outlet_id: string;
  payment_method: 'manual_onspot' | 'gateway_digital' | 'bank_transfer' | 'pay_on_visit';
  amount_paid?: string;
  currency?: string;
  notes?: string | null;
}

/** A purchase of an active package of the tenant at one of its outlets; manual_onspot is paid at once. */
export async function purchasePackage(
  deps: CommerceDeps,
  tenantId: string,
  input: SellInput,
  soldBy: string | null,
): Promise<CustomerPackageView> {
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
    const [view] = await detailed(tx, [(await findCustomerPackage(tx, tenantId, id)) as CustomerPackageRow]);
    return view as CustomerPackageView;
  });
}

export async function findCustomerPackages(
  deps: CommerceDeps,
  tenantId: string,
  filters: CustomerPackageFilters,
  page: { offset: number; limit: number },
  includeDetails: boolean,
) {
  const { items, total } = await listCustomerPackages(deps.db.orm, tenantId, filters, page);
  const views = includeDetails
    ? await detailed(deps.db.orm, items)
    : items.map((row) => customerPackageView(row));
  return { items: views, total };
}

export async function getCustomerPackage(
  deps: CommerceDeps,
  tenantId: string,
  id: string,
  { customerId }: { customerId?: string } = {},
) {
  const row = await findCustomerPackage(deps.db.orm, tenantId, id);
  if (!row || (customerId !== undefined && row.customer_id !== customerId))
    throw notFound('Customer package not found');
  const [view] = await detailed(deps.db.orm, [row]);
  return view as CustomerPackageView;
}

export async function assertCustomer(
  deps: CommerceDeps,
  tenantId: string,
  customerId: string,
): Promise<void> {
  if (!(await findCustomer(deps.db.orm, tenantId, customerId))) throw notFound('Customer not found');
}

export async function customerCredits(
  deps: CommerceDeps,
  tenantId: string,
  customerId: string,
  filters: CreditFilters,
) {
  await assertCustomer(deps, tenantId, customerId);
  const rows = await listCredits(deps.db.orm, tenantId, customerId, filters);
  return rows.map(({ last_used_at: _l, ...credit }) => credit);
}

/** Staff summary: totals over the customer's packages; expiring_soon counts credits expiring within 30 days. */
export async function staffCreditSummary(deps: CommerceDeps, tenantId: string, customerId: string) {
  await assertCustomer(deps, tenantId, customerId);
  const { items } = await listCustomerPackages(deps.db.orm, tenantId, { customerId });
  const credits = await listCredits(deps.db.orm, tenantId, customerId, {
    includeUsed: true,
    includeExpired: true,
  });
  const now = new Date();
  const sum = (pick: (row: CustomerPackageRow) => number) =>
    items.reduce((total, row) => total + pick(row), 0);
  return {
    total_packages: items.length,
    active_packages: items.filter((row) => row.status === 'active' || row.status === 'partially_used').length,
    total_credits: sum((row) => row.total_credits),
    used_credits: sum((row) => row.used_credits),
    remaining_credits: sum((row) => row.total_credits - row.used_credits - row.expired_credits),
    expired_credits: sum((row) => row.expired_credits),
    expiring_soon: credits
      .filter(
        (credit) =>
          !credit.is_expired && isExpiringSoon(parseDate(credit.expires_at), now, STAFF_EXPIRING_WINDOW_DAYS),
      )
      .reduce((total, credit) => total + credit.remaining_credits, 0),
  };
}

export interface RecordPaymentInput {
  amount: string;
  payment_method: string;
  notes?: string | null;
  receipt_number?: string | null;
}

/** An offline payment of exactly the package price activates the pending package and its credits at once. */
export async function recordPayment(
  deps: CommerceDeps,
  tenantId: string,
  customerPackageId: string,
  input: RecordPaymentInput,
  recordedBy: string,
) {
  if (!(OFFLINE_METHODS as readonly string[]).includes(input.payment_method)) {
    throw badRequest(
      `Payment method ${input.payment_method} cannot be recorded manually: use a payment link for online payments`,
    );
  }
  return deps.db.withTx(async (tx) => {
    if (!(await lockCustomerPackage(tx, tenantId, customerPackageId)))
      throw notFound('Customer package not found');
    const row = (await findCustomerPackage(tx, tenantId, customerPackageId)) as CustomerPackageRow;
    if (row.payment_status === 'paid' || row.status !== 'pending_payment')
      throw conflict('Package already paid');
    if (!money(input.amount).eq(money(row.package_price))) {
      throw badRequest(
        `Payment amount ${formatMoney(input.amount)} does not match the package price ${row.package_price}`,
      );
    }
    const now = new Date();
    const paymentId = newId();
    const referenceId = `PKG-${row.id}-${now.getTime()}`;
    // A pending gateway payment of the same package is superseded: it can no longer complete it.
    for (const payment of await paymentsOfPackage(tx, tenantId, row.id)) {
      if (payment.status === 'PENDING') await settlePayment(tx, tenantId, payment.id, 'FAILED', null);
    }
    // …and its invoice is voided: a late provider callback for it is then ignored (and audited).
    for (const invoice of await pendingInvoicesOfPackage(tx, tenantId, row.id)) {
      await moveInvoice(tx, tenantId, invoice.id, 'VOID');
    }
    await insertPayment(tx, tenantId, {
      id: paymentId,
      customer_id: row.customer_id,
      customer_package_id: row.id,
      appointment_id: null,
      invoice_id: null,
      amount: formatMoney(input.amount),
      currency: row.currency,
      method: input.payment_method,
      provider: 'manual',
      status: 'COMPLETED',
      reference_id: referenceId,
      receipt_number: input.receipt_number ?? null,
      notes: input.notes ?? null,
      recorded_by: recordedBy,
      paid_at: now,
    });
    await activateCustomerPackage(tx, tenantId, row.id, paymentId, formatMoney(input.amount), now);
    const after = (await findCustomerPackage(tx, tenantId, row.id)) as CustomerPackageRow;
    return {
      status: 'success',
      message: 'Payment recorded and package activated',
      payment: {
        id: paymentId,
        amount: formatMoney(input.amount),
        method: input.payment_method,
        status: 'completed',
        recorded_by: recordedBy,
        recorded_at: now.toISOString(),
        receipt_number: input.receipt_number ?? null,
        reference_id: referenceId,
      },
      package: {
        id: after.id,
        status: after.status,
        payment_status: after.payment_status,
        expires_at: after.expires_at,
        total_credits: after.total_credits,
      },
    };
  });
}

/** Staff see any package of their tenant; a customer only their own (403 otherwise). */
export async function paymentStatus(
  deps: CommerceDeps,
  tenantId: string,
  customerPackageId: string,
  { customerId }: { customerId?: string } = {},
) {
  const row = await findCustomerPackage(deps.db.orm, tenantId, customerPackageId);
  if (!row) throw notFound('Customer package not found');
  if (customerId !== undefined && row.customer_id !== customerId) throw forbidden('Access denied');
  const payments = await paymentsOfPackage(deps.db.orm, tenantId, row.id);
  const paid = payments
    .filter((payment) => payment.status === 'COMPLETED')
    .reduce((total, payment) => total.plus(money(payment.amount)), money(0));
  const remaining = money(row.package_price).minus(paid);
  return {
    customer_package_id: row.id,
    package_name: row.package_name,
    package_price: row.package_price,
    payment_status: row.payment_status,
    package_status: row.status,
    total_paid: formatMoney(paid),
    remaining_balance: formatMoney(remaining.lt(0) ? 0 : remaining),
    is_paid: row.payment_status === 'paid',
    credits_activated: row.total_credits > 0,
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: payment.amount,
      method: payment.method,
      provider: payment.provider === 'gateway' ? 'gateway' : 'manual',
      // Package payments answer in the spec's lowercase (completed, pending, failed).
      status: payment.status.toLowerCase(),
      reference_id: payment.reference_id,
      created_at: payment.created_at,
      paid_at: payment.paid_at,
    })),
  };
}
