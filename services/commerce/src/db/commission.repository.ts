import { sql } from 'drizzle-orm';
import type { StaffUpsertedV1 } from '@salon/contracts';
import { isoOf, newId, selectRows, timestamptz, upsertNewer, type Executor } from '@salon/service-kit';

/** What commerce keeps of scheduling's staff member: its outlet (outlet scoping) and user (who sold a package). */
export interface StaffReplica {
  staff_id: string;
  tenant_id: string;
  outlet_id: string;
  user_id: string | null;
  display_name: string;
  status: string;
  version: number;
  updated_at: string;
}

export const staffReplicaOf = (data: StaffUpsertedV1): StaffReplica => ({
  staff_id: data.staff_id,
  tenant_id: data.tenant_id,
  outlet_id: data.outlet_id,
  user_id: data.user_id,
  display_name: data.display_name,
  status: data.status,
  version: data.version,
  updated_at: data.updated_at,
});

export async function upsertStaffMember(tx: Executor, staff: StaffReplica): Promise<void> {
  await upsertNewer(tx, 'commerce.staff_members', 'staff_id', {
    ...staff,
    updated_at: timestamptz(staff.updated_at),
  });
}

export async function markStaffTerminated(
  tx: Executor,
  tenantId: string,
  staffId: string,
  version: number,
): Promise<void> {
  await tx.execute(sql`
    UPDATE commerce.staff_members SET status = 'terminated', version = ${version}
    WHERE tenant_id = ${tenantId} AND staff_id = ${staffId} AND version < ${version}`);
}

const staffColumns = sql`staff_id, tenant_id, outlet_id, user_id, display_name, status, version, updated_at::text`;

export async function findStaffMember(executor: Executor, tenantId: string, staffId: string) {
  const [row] = await selectRows<StaffReplica>(
    executor,
    sql`SELECT ${staffColumns} FROM commerce.staff_members WHERE tenant_id = ${tenantId} AND staff_id = ${staffId}`,
  );
  return row;
}

/** The staff member whose user account is `userId` (who sold a package), if the user is one. */
export async function findStaffMemberOfUser(executor: Executor, tenantId: string, userId: string) {
  const [row] = await selectRows<StaffReplica>(
    executor,
    sql`SELECT ${staffColumns} FROM commerce.staff_members
        WHERE tenant_id = ${tenantId} AND user_id = ${userId}
        ORDER BY (status = 'terminated'), updated_at DESC LIMIT 1`,
  );
  return row;
}

/** A staff member's commission rule: percentages as decimal strings, overrides by service id. */
export interface CommissionRuleRow {
  staff_id: string;
  service_percent: string;
  package_percent: string;
  service_overrides: Record<string, string>;
  updated_by: string | null;
  updated_at: string;
}

export async function findCommissionRule(executor: Executor, tenantId: string, staffId: string) {
  const [row] = await selectRows<CommissionRuleRow>(
    executor,
    sql`SELECT staff_id, service_percent::text AS service_percent, package_percent::text AS package_percent,
          service_overrides, updated_by, ${isoOf(sql`updated_at`)} AS updated_at
        FROM commerce.commission_rules WHERE tenant_id = ${tenantId} AND staff_id = ${staffId}`,
  );
  return row;
}

export async function upsertCommissionRule(
  tx: Executor,
  tenantId: string,
  rule: Omit<CommissionRuleRow, 'updated_at'>,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO commerce.commission_rules (tenant_id, staff_id, service_percent, package_percent,
      service_overrides, updated_by, updated_at)
    VALUES (${tenantId}, ${rule.staff_id}, ${rule.service_percent}, ${rule.package_percent},
      ${JSON.stringify(rule.service_overrides)}::jsonb, ${rule.updated_by}, now())
    ON CONFLICT (tenant_id, staff_id) DO UPDATE SET service_percent = EXCLUDED.service_percent,
      package_percent = EXCLUDED.package_percent, service_overrides = EXCLUDED.service_overrides,
      updated_by = EXCLUDED.updated_by, updated_at = now()`);
}

/** One row of the commission ledger: an earning, or (negative) what a refund took back of one. */
export interface CommissionEntry {
  staff_id: string;
  source_type: 'appointment' | 'package_sale';
  source_id: string;
  line_key: string;
  entry_key: string;
  kind: 'earned' | 'reversed';
  service_id: string | null;
  description: string;
  base_amount: string;
  rate: string;
  amount: string;
  currency: string;
  occurred_at: Date;
}

/**
 * Records the entry once: (source, line, entry key) is unique, so a redelivered event or a repeated refund adds
 * nothing. True when it was written.
 */
export async function insertCommissionEntry(tx: Executor, tenantId: string, entry: CommissionEntry) {
  const rows = await selectRows(
    tx,
    sql`INSERT INTO commerce.commission_entries (id, tenant_id, staff_id, source_type, source_id, line_key,
          entry_key, kind, service_id, description, base_amount, rate, amount, currency, occurred_at)
        VALUES (${newId()}, ${tenantId}, ${entry.staff_id}, ${entry.source_type}, ${entry.source_id},
          ${entry.line_key}, ${entry.entry_key}, ${entry.kind}, ${entry.service_id}, ${entry.description},
          ${entry.base_amount}, ${entry.rate}, ${entry.amount}, ${entry.currency},
          ${entry.occurred_at.toISOString()}::timestamptz)
        ON CONFLICT (tenant_id, source_type, source_id, line_key, entry_key) DO NOTHING
        RETURNING 1`,
  );
  return rows.length > 0;
}

/** The earnings of a source (an appointment's lines, a package sale), to reverse in a refund's share. */
export async function earningsOf(
  executor: Executor,
  tenantId: string,
  sourceType: CommissionEntry['source_type'],
  sourceId: string,
) {
  return selectRows<Omit<CommissionEntry, 'occurred_at'>>(
    executor,
    sql`SELECT staff_id, source_type, source_id, line_key, entry_key, kind, service_id, description,
          base_amount::text AS base_amount, rate::text AS rate, amount::text AS amount, currency
        FROM commerce.commission_entries
        WHERE tenant_id = ${tenantId} AND source_type = ${sourceType} AND source_id = ${sourceId}
          AND kind = 'earned'
        ORDER BY line_key`,
  );
}

export interface CommissionReportRow extends Omit<CommissionEntry, 'occurred_at' | 'line_key' | 'entry_key'> {
  id: string;
  occurred_at: string;
  local_date: string;
}

/** A staff member's entries whose local date (in `timezone`) is in [from, to], oldest first. */
export async function commissionEntriesOf(
  executor: Executor,
  tenantId: string,
  staffId: string,
  period: { from: string; to: string; timezone: string },
) {
  return selectRows<CommissionReportRow>(
    executor,
    sql`SELECT id, staff_id, source_type, source_id, kind, service_id, description,
          base_amount::text AS base_amount, rate::text AS rate, amount::text AS amount, currency,
          ${isoOf(sql`occurred_at`)} AS occurred_at,
          to_char(occurred_at AT TIME ZONE ${period.timezone}, 'YYYY-MM-DD') AS local_date
        FROM commerce.commission_entries
        WHERE tenant_id = ${tenantId} AND staff_id = ${staffId}
          AND (occurred_at AT TIME ZONE ${period.timezone})::date BETWEEN ${period.from}::date AND ${period.to}::date
        ORDER BY occurred_at, source_id, line_key, created_at`,
  );
}
