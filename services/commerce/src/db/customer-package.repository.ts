import { sql, type SQL } from 'drizzle-orm';
import { idArray, isoOf, selectRows, type Executor } from '@salon/service-kit';
import type { CustomerPackageStatus } from '../domain/credit-rules';

export interface CustomerPackageRow {
  id: string;
  tenant_id: string;
  customer_id: string | null;
  package_id: string;
  outlet_id: string;
  package_name: string;
  package_price: string;
  payment_method: string;
  payment_status: string;
  payment_id: string | null;
  gateway_payment_url: string | null;
  amount_paid: string;
  currency: string;
  validity_days: number | null;
  purchased_at: string;
  expires_at: string | null;
  payment_confirmed_at: string | null;
  status: CustomerPackageStatus;
  notes: string | null;
  sold_by: string | null;
  sold_by_staff_id: string | null;
  created_at: string;
  /** From the credit rows. */
  total_credits: number;
  used_credits: number;
  expired_credits: number;
}

const EFFECTIVE_STATUS = sql`CASE WHEN cp.status IN ('active', 'partially_used') AND cp.expires_at <= now()
  THEN 'expired' ELSE cp.status END`;

const columns = sql`cp.id, cp.tenant_id, cp.customer_id, cp.package_id, cp.outlet_id, cp.package_name,
  cp.package_price::text AS package_price, cp.payment_method, cp.payment_status, cp.payment_id,
  cp.gateway_payment_url, cp.amount_paid::text AS amount_paid, cp.currency, cp.validity_days,
  ${isoOf(sql`cp.purchased_at`)} AS purchased_at, ${isoOf(sql`cp.expires_at`)} AS expires_at,
  ${isoOf(sql`cp.payment_confirmed_at`)} AS payment_confirmed_at, ${EFFECTIVE_STATUS} AS status, cp.notes,
  cp.sold_by, cp.sold_by_staff_id, ${isoOf(sql`cp.created_at`)} AS created_at,
  coalesce(t.total, 0)::int AS total_credits, coalesce(t.used, 0)::int AS used_credits,
  coalesce(t.expired, 0)::int AS expired_credits`;

const totals = sql`LEFT JOIN LATERAL (
  SELECT sum(c.allocated_credits) AS total, sum(c.used_credits) AS used,
         sum(CASE WHEN c.expires_at <= now() THEN c.allocated_credits - c.used_credits ELSE 0 END) AS expired
  FROM commerce.credits c WHERE c.customer_package_id = cp.id) t ON true`;

export interface NewCustomerPackage {
  id: string;
  customer_id: string;
  package_id: string;
  outlet_id: string;
  package_name: string;
  package_price: string;
  payment_method: string;
  currency: string;
  validity_days: number | null;
  notes: string | null;
  sold_by: string | null;
  /** The staff member who sold it, when the seller is one (commission). */
  sold_by_staff_id?: string | null;
}

export async function insertCustomerPackage(
  tx: Executor,
  tenantId: string,
  row: NewCustomerPackage,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO commerce.customer_packages (id, tenant_id, customer_id, package_id, outlet_id, package_name,
      package_price, payment_method, payment_status, currency, validity_days, status, notes, sold_by, sold_by_staff_id)
    VALUES (${row.id}, ${tenantId}, ${row.customer_id}, ${row.package_id}, ${row.outlet_id}, ${row.package_name},
      ${row.package_price}, ${row.payment_method}, 'pending', ${row.currency}, ${row.validity_days},
      'pending_payment', ${row.notes}, ${row.sold_by},
      ${row.sold_by_staff_id ?? null})`);
}

export async function findCustomerPackage(
  executor: Executor,
  tenantId: string,
  id: string,
): Promise<CustomerPackageRow | undefined> {
  const [row] = await selectRows<CustomerPackageRow>(
    executor,
    sql`SELECT ${columns} FROM commerce.customer_packages cp ${totals}
        WHERE cp.tenant_id = ${tenantId} AND cp.id = ${id}`,
  );
  return row;
}

/** Locks the customer package row (payments and activation serialise on it). */
export async function lockCustomerPackage(tx: Executor, tenantId: string, id: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`SELECT id FROM commerce.customer_packages WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`,
  );
  return rows.length > 0;
}

export interface CustomerPackageFilters {
  customerId?: string;
  status?: string;
}

export async function listCustomerPackages(
  executor: Executor,
  tenantId: string,
  filters: CustomerPackageFilters,
  page?: { offset: number; limit: number },
): Promise<{ items: CustomerPackageRow[]; total: number }> {
  const conditions: SQL[] = [sql`cp.tenant_id = ${tenantId}`];
  if (filters.customerId) conditions.push(sql`cp.customer_id = ${filters.customerId}`);
  if (filters.status) conditions.push(sql`${EFFECTIVE_STATUS} = ${filters.status}`);
  const where = sql.join(conditions, sql` AND `);
  const [count] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM commerce.customer_packages cp WHERE ${where}`,
  );
  const items = await selectRows<CustomerPackageRow>(
    executor,
    sql`SELECT ${columns} FROM commerce.customer_packages cp ${totals} WHERE ${where}
        ORDER BY cp.created_at DESC, cp.id DESC
        ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
  );
  return { items, total: count?.total ?? 0 };
}

/**
 * pending_payment → active, once: the UPDATE only matches a pending package, so a second confirmation of
 * the same package (a duplicate callback, a manual payment racing the gateway) changes nothing.
 */
export async function markPackagePaid(
  tx: Executor,
  tenantId: string,
  id: string,
  change: { paymentId: string; amountPaid: string; confirmedAt: Date; expiresAt: Date | null },
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE commerce.customer_packages SET status = 'active', payment_status = 'paid',
          payment_id = ${change.paymentId}, amount_paid = ${change.amountPaid},
          payment_confirmed_at = ${change.confirmedAt.toISOString()}::timestamptz,
          expires_at = ${change.expiresAt?.toISOString() ?? null}::timestamptz, updated_at = now()
        WHERE tenant_id = ${tenantId} AND id = ${id} AND status = 'pending_payment'
        RETURNING id`,
  );
  return rows.length > 0;
}

/** A new payment link of the package: its pending gateway payment and the page to pay on. */
export async function setPaymentLink(
  tx: Executor,
  tenantId: string,
  id: string,
  paymentId: string,
  url: string | null,
): Promise<void> {
  await tx.execute(sql`
    UPDATE commerce.customer_packages
    SET payment_id = ${paymentId}, gateway_payment_url = ${url}, payment_status = 'pending', updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

/**
 * The package's payment failed: payment_status 'failed' while the package still waits for payment and
 * `paymentId` is still its current payment (a newer link or payment is not touched).
 */
export async function markPackagePaymentFailed(
  tx: Executor,
  tenantId: string,
  id: string,
  paymentId: string,
): Promise<void> {
  await tx.execute(sql`
    UPDATE commerce.customer_packages SET payment_status = 'failed', updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${id} AND status = 'pending_payment' AND payment_id = ${paymentId}`);
}

/**
 * A customer package still in use or awaiting payment → cancelled (its payment status `refunded` when its
 * payment was given back); false when it was not cancellable (depleted, expired, cancelled already).
 */
export async function markPackageCancelled(
  tx: Executor,
  tenantId: string,
  id: string,
  refunded: boolean,
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE commerce.customer_packages SET status = 'cancelled', updated_at = now(),
          payment_status = CASE WHEN ${refunded} THEN 'refunded' ELSE payment_status END
        WHERE tenant_id = ${tenantId} AND id = ${id}
          AND status IN ('pending_payment', 'active', 'partially_used')
          AND (expires_at IS NULL OR expires_at > now())
        RETURNING id`,
  );
  return rows.length > 0;
}

/** Whether the customer package is cancelled (a payment arriving for it is then refunded). */
export async function isPackageCancelled(executor: Executor, tenantId: string, id: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    executor,
    sql`SELECT id FROM commerce.customer_packages
        WHERE tenant_id = ${tenantId} AND id = ${id} AND status = 'cancelled'`,
  );
  return rows.length > 0;
}

/** After redemptions: active → partially_used → depleted, from the credit rows. */
export async function refreshUsageStatus(tx: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    UPDATE commerce.customer_packages cp SET status = CASE
        WHEN t.used >= t.total THEN 'depleted' WHEN t.used > 0 THEN 'partially_used' ELSE 'active' END,
      updated_at = now()
    FROM (SELECT customer_package_id, sum(allocated_credits) AS total, sum(used_credits) AS used
          FROM commerce.credits WHERE customer_package_id = ANY(${idArray(ids)})
          GROUP BY customer_package_id) t
    WHERE cp.id = t.customer_package_id AND cp.status IN ('active', 'partially_used')`);
}

/** POST /internal/jobs/expire-packages: stores `expired` on packages whose validity passed with credits left. */
export async function expireDuePackages(tx: Executor): Promise<number> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE commerce.customer_packages SET status = 'expired', updated_at = now()
        WHERE status IN ('active', 'partially_used') AND expires_at <= now() RETURNING id`,
  );
  return rows.length;
}
