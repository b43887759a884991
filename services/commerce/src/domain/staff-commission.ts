import { badRequest, tenantIn, type RequestContext } from '@salon/service-kit';
import {
  commissionEntriesOf,
  findCommissionRule,
  upsertCommissionRule,
  type CommissionRuleRow,
} from '../db/commission.repository';
import { findTenant, findTenantServices } from '../db/replica.repository';
import { commissionStaffOf } from './commission-access';
import { commissionTotals } from './commission-rules';
import type { CommerceDeps } from './deps';
import { staffUserIn } from './callers';

export interface CommissionRuleInput {
  service_percent: string;
  package_percent: string;
  service_overrides: { service_id: string; percent: string }[];
}

/** The rule as answered: no rule yet reads as zeros (nothing is earned) with `updated_at` null. */
export const commissionRuleOf = (staffId: string, row: CommissionRuleRow | undefined) => ({
  staff_id: staffId,
  service_percent: row?.service_percent ?? '0.00',
  package_percent: row?.package_percent ?? '0.00',
  service_overrides: Object.entries(row?.service_overrides ?? {}).map(([service_id, percent]) => ({
    service_id,
    percent,
  })),
  updated_at: row?.updated_at ?? null,
  updated_by: row?.updated_by ?? null,
});

/** GET /staff/{staff_id}/commission. */
export async function getCommissionRule(
  deps: Pick<CommerceDeps, 'db'>,
  ctx: RequestContext,
  staffId: string,
) {
  const tenantId = tenantIn(ctx);
  const staff = await commissionStaffOf(deps.db.orm, ctx, staffId, 'read');
  return commissionRuleOf(staff.staff_id, await findCommissionRule(deps.db.orm, tenantId, staff.staff_id));
}

/**
 * PUT /staff/{staff_id}/commission: replaces the rule. Only future earnings use it; what was earned keeps the
 * rate it was earned at. An override must name one of the tenant's services (400).
 */
export async function setCommissionRule(
  deps: Pick<CommerceDeps, 'db'>,
  ctx: RequestContext,
  staffId: string,
  input: CommissionRuleInput,
) {
  const tenantId = tenantIn(ctx);
  const userId = staffUserIn(ctx);
  return deps.db.withTx(async (tx) => {
    const staff = await commissionStaffOf(tx, ctx, staffId, 'write');
    const serviceIds = input.service_overrides.map((item) => item.service_id);
    const known = new Set((await findTenantServices(tx, tenantId, serviceIds)).map((s) => s.service_id));
    const unknown = serviceIds.find((id) => !known.has(id));
    if (unknown) throw badRequest(`Service ${unknown} not found`);
    await upsertCommissionRule(tx, tenantId, {
      staff_id: staff.staff_id,
      service_percent: input.service_percent,
      package_percent: input.package_percent,
      service_overrides: Object.fromEntries(
        input.service_overrides.map((item) => [item.service_id, item.percent]),
      ),
      updated_by: userId,
    });
    return commissionRuleOf(staff.staff_id, await findCommissionRule(tx, tenantId, staff.staff_id));
  });
}

/**
 * GET /staff/{staff_id}/commission/report: the staff member's earnings and reversals whose date in the tenant's
 * time zone is in the period (both days included), oldest first, with totals to the cent.
 */
export async function commissionReport(
  deps: Pick<CommerceDeps, 'db'>,
  ctx: RequestContext,
  staffId: string,
  period: { from: string; to: string },
) {
  const tenantId = tenantIn(ctx);
  const staff = await commissionStaffOf(deps.db.orm, ctx, staffId, 'read');
  const tenant = await findTenant(deps.db.orm, tenantId);
  const timezone = tenant?.timezone ?? 'UTC';
  const lines = await commissionEntriesOf(deps.db.orm, tenantId, staff.staff_id, { ...period, timezone });
  return {
    staff_id: staff.staff_id,
    staff_name: staff.display_name,
    period,
    timezone,
    currency: tenant?.currency ?? lines[0]?.currency ?? 'IDR',
    lines: lines.map((line) => ({
      id: line.id,
      source_type: line.source_type,
      source_id: line.source_id,
      kind: line.kind,
      service_id: line.service_id,
      description: line.description,
      base_amount: line.base_amount,
      rate: line.rate,
      amount: line.amount,
      currency: line.currency,
      occurred_at: line.occurred_at,
      local_date: line.local_date,
    })),
    totals: commissionTotals(lines),
  };
}
