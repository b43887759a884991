import { paged, type PageParams } from '@salon/service-kit';
import type { CreditRow } from '../db/credit.repository';
import type { CustomerPackageRow } from '../db/customer-package.repository';
import { daysUntilExpiry, isExpiringSoon } from '../domain/credit-rules';
import type { CustomerPackageRecord } from '../domain/customer-package-details';
import type { Purchase } from '../domain/purchase-package';

const parseDate = (value: string | null) => (value === null ? null : new Date(value));

/** The spec's Customer package, with package_details and credits_details when they were read. */
export function customerPackageView({ row, details }: CustomerPackageRecord, now = new Date()) {
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
    package_details: details ? (details.pkg ?? null) : null,
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

/** A page of customer packages (GET /staff/customer-packages, GET /customer/packages). */
export const customerPackagePageView = (
  { items, total }: { items: CustomerPackageRecord[]; total: number },
  query: PageParams,
) =>
  paged(
    items.map((record) => customerPackageView(record)),
    total,
    query,
  );

/** A credit row of the customer, without when it was last used. */
export const customerCreditView = ({ last_used_at: _l, ...credit }: CreditRow) => credit;

const purchasedPackageView = (row: CustomerPackageRow) => ({
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

/** The customer's purchase: payment instructions for an offline method, or the payment link. */
export function purchaseView(purchase: Purchase) {
  const { row } = purchase;
  if (purchase.kind === 'reserved') {
    return {
      status: 'pending_payment',
      message: 'Package reserved: it is activated when staff confirm your payment',
      customer_package: purchasedPackageView(row),
      payment_instructions: {
        method: purchase.method,
        message: INSTRUCTIONS[purchase.method],
        purchase_id: row.id,
        amount: row.package_price,
        currency: row.currency,
      },
    };
  }
  const { link, channels } = purchase;
  return {
    status: 'payment_link_created',
    message: 'Payment link created',
    customer_package: purchasedPackageView(row),
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
