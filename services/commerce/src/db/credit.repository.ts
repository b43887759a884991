import { sql, type SQL } from 'drizzle-orm';
import { idArray, isoOf, selectRows, type Executor } from '@salon/service-kit';

export interface CreditRow {
  id: string;
  tenant_id: string;
  customer_id: string | null;
  customer_package_id: string;
  service_id: string;
  service_name: string;
  allocated_credits: number;
  used_credits: number;
  remaining_credits: number;
  expires_at: string | null;
  is_expired: boolean;
  created_at: string;
  last_used_at: string | null;
}

const columns = sql`id, tenant_id, customer_id, customer_package_id, service_id, service_name, allocated_credits,
  used_credits, allocated_credits - used_credits AS remaining_credits, ${isoOf(sql`expires_at`)} AS expires_at,
  coalesce(expires_at <= now(), false) AS is_expired, ${isoOf(sql`created_at`)} AS created_at,
  ${isoOf(sql`last_used_at`)} AS last_used_at`;

/** First in, first out: soonest expiry first, never-expiring last, older first among equals. */
const FIFO = sql`ORDER BY expires_at ASC NULLS LAST, created_at ASC, id ASC`;

export async function insertCredits(
  tx: Executor,
  tenantId: string,
  rows: {
    id: string;
    customer_id: string | null;
    customer_package_id: string;
    service_id: string;
    service_name: string;
    allocated_credits: number;
    expires_at: Date | null;
  }[],
): Promise<void> {
  for (const row of rows) {
    await tx.execute(sql`
      INSERT INTO commerce.credits (id, tenant_id, customer_id, customer_package_id, service_id, service_name,
                                    allocated_credits, expires_at)
      VALUES (${row.id}, ${tenantId}, ${row.customer_id}, ${row.customer_package_id}, ${row.service_id},
              ${row.service_name}, ${row.allocated_credits}, ${row.expires_at?.toISOString() ?? null}::timestamptz)`);
  }
}

export interface CreditFilters {
  serviceId?: string;
  includeUsed?: boolean;
  includeExpired?: boolean;
}

export async function listCredits(
  executor: Executor,
  tenantId: string,
  customerId: string,
  filters: CreditFilters,
): Promise<CreditRow[]> {
  const conditions: SQL[] = [sql`tenant_id = ${tenantId}`, sql`customer_id = ${customerId}`];
  if (filters.serviceId) conditions.push(sql`service_id = ${filters.serviceId}`);
  if (!filters.includeUsed) conditions.push(sql`used_credits < allocated_credits`);
  if (!filters.includeExpired) conditions.push(sql`(expires_at IS NULL OR expires_at > now())`);
  return selectRows<CreditRow>(
    executor,
    sql`SELECT ${columns} FROM commerce.credits WHERE ${sql.join(conditions, sql` AND `)} ${FIFO}`,
  );
}

export async function creditsOfPackages(executor: Executor, ids: string[]): Promise<CreditRow[]> {
  if (ids.length === 0) return [];
  return selectRows<CreditRow>(
    executor,
    sql`SELECT ${columns} FROM commerce.credits WHERE customer_package_id = ANY(${idArray(ids)}) ${FIFO}`,
  );
}

/**
 * The customer's credit rows for a service with credits left, locked in FIFO order: concurrent redemptions
 * queue on these rows and each sees what the previous one left.
 */
export async function lockRedeemableCredits(
  tx: Executor,
  tenantId: string,
  customerId: string,
  serviceId: string,
): Promise<CreditRow[]> {
  return selectRows<CreditRow>(
    tx,
    sql`SELECT ${columns} FROM commerce.credits
        WHERE tenant_id = ${tenantId} AND customer_id = ${customerId} AND service_id = ${serviceId}
          AND used_credits < allocated_credits
        ${FIFO} FOR UPDATE`,
  );
}

/**
 * Voids a cancelled package's unused credits: each credit row locked (a redemption in progress finishes first),
 * then those with credits left expire now, so no redemption or view counts them again. Answers all the
 * credits the package was given and how many of them were voided.
 */
export async function voidCreditsOfPackage(
  tx: Executor,
  tenantId: string,
  customerPackageId: string,
): Promise<{ total: number; voided: number }> {
  const rows = await selectRows<{ allocated: number; remaining: number; usable: boolean }>(
    tx,
    sql`SELECT allocated_credits AS allocated, allocated_credits - used_credits AS remaining,
               (expires_at IS NULL OR expires_at > now()) AS usable
        FROM commerce.credits WHERE tenant_id = ${tenantId} AND customer_package_id = ${customerPackageId}
        FOR UPDATE`,
  );
  await tx.execute(sql`
    UPDATE commerce.credits SET expires_at = now()
    WHERE tenant_id = ${tenantId} AND customer_package_id = ${customerPackageId}
      AND used_credits < allocated_credits AND (expires_at IS NULL OR expires_at > now())`);
  return {
    total: rows.reduce((sum, row) => sum + Number(row.allocated), 0),
    voided: rows.reduce((sum, row) => sum + (row.usable ? Number(row.remaining) : 0), 0),
  };
}

export async function useCredits(tx: Executor, creditId: string, quantity: number): Promise<number> {
  const [row] = await selectRows<{ remaining: number }>(
    tx,
    sql`UPDATE commerce.credits SET used_credits = used_credits + ${quantity}, last_used_at = now()
        WHERE id = ${creditId} RETURNING allocated_credits - used_credits AS remaining`,
  );
  return row?.remaining ?? 0;
}

export async function insertRedemption(
  tx: Executor,
  tenantId: string,
  row: {
    id: string;
    credit_id: string;
    customer_id: string;
    service_id: string;
    quantity: number;
    appointment_id: string | null;
    notes: string | null;
    redeemed_by: string;
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO commerce.credit_redemptions (id, tenant_id, credit_id, customer_id, service_id, quantity,
                                             appointment_id, notes, redeemed_by)
    VALUES (${row.id}, ${tenantId}, ${row.credit_id}, ${row.customer_id}, ${row.service_id}, ${row.quantity},
            ${row.appointment_id}, ${row.notes}, ${row.redeemed_by})`);
}

export async function remainingForService(
  executor: Executor,
  tenantId: string,
  customerId: string,
  serviceId: string,
): Promise<number> {
  const [row] = await selectRows<{ remaining: number }>(
    executor,
    sql`SELECT coalesce(sum(allocated_credits - used_credits), 0)::int AS remaining FROM commerce.credits
        WHERE tenant_id = ${tenantId} AND customer_id = ${customerId} AND service_id = ${serviceId}
          AND (expires_at IS NULL OR expires_at > now())`,
  );
  return row?.remaining ?? 0;
}

/** Credits the customer redeemed this calendar month, and when they last redeemed any. */
export async function recentUsage(
  executor: Executor,
  tenantId: string,
  customerId: string,
): Promise<{ used: number; last_used_at: string | null }> {
  const [usage] = await selectRows<{ used: number; last_used_at: string | null }>(
    executor,
    sql`SELECT coalesce(sum(quantity) FILTER (WHERE created_at >= date_trunc('month', now())), 0)::int AS used,
               ${isoOf(sql`max(created_at)`)} AS last_used_at
        FROM commerce.credit_redemptions WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}`,
  );
  return usage ?? { used: 0, last_used_at: null };
}

export async function hasAnyCredits(
  executor: Executor,
  tenantId: string,
  customerId: string,
  serviceId: string,
) {
  const rows = await selectRows<{ one: number }>(
    executor,
    sql`SELECT 1 AS one FROM commerce.credits
        WHERE tenant_id = ${tenantId} AND customer_id = ${customerId} AND service_id = ${serviceId} LIMIT 1`,
  );
  return rows.length > 0;
}
