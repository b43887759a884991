import { notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import { setQuota } from '../db/token.repository';
import { customerTenant } from '../db/usage.repository';
import type { BillingDeps } from './deps';
import type { QuotaType } from './token-rules';

export interface QuotaPatch {
  daily_quota?: number;
  monthly_quota?: number;
  quota_type?: QuotaType;
}

/**
 * PATCH /token-usage/quota/{customer_id}: a TENANT_ADMIN for its own tenant's customers, a SUPER_ADMIN for
 * any (404 for a customer billing does not know, or of another tenant).
 */
export async function updateQuota(
  deps: BillingDeps,
  ctx: RequestContext,
  { customerId, patch }: { customerId: string; patch: QuotaPatch },
) {
  const { caller } = ctx;
  // A SUPER_ADMIN reaches every tenant's customers, anyone else only its own tenant's.
  const scope = caller?.kind === 'staff' && caller.role === 'SUPER_ADMIN' ? undefined : tenantIn(ctx);
  const tenantId = await customerTenant(deps.db.orm, customerId, scope);
  if (!tenantId) throw notFound('Customer not found');
  const updated = await deps.db.withTx((tx) => setQuota(tx, tenantId, customerId, patch, deps.clock.now()));
  return { success: true, updated_count: updated };
}
