import { newEvent, originOf } from '@salon/messaging';
import { badRequest, newId, notFound, tenantIn, type RequestContext } from '@salon/service-kit';
import {
  hasAnyCredits,
  insertRedemption,
  lockRedeemableCredits,
  remainingForService,
  useCredits,
} from '../db/credit.repository';
import { refreshUsageStatus } from '../db/customer-package.repository';
import { findCustomer, findTenantServices } from '../db/replica.repository';
import { staffUserIn } from './callers';
import { allocateFifo, isExpired } from './credit-rules';
import { PRODUCER, type CommerceDeps } from './deps';

export interface RedeemInput {
  customer_id: string;
  service_id: string;
  quantity: number;
  appointment_id?: string | null;
  notes?: string | null;
}

/**
 * Redeems credits first in, first out by expiry. The customer's rows for the service are locked, so
 * concurrent redemptions queue and none can take a credit another one took: credits never overdraw.
 * `commerce.credits.redeemed.v1` says so (identity does not count a visit paid by a package as spent again).
 */
export async function redeemCredits(deps: CommerceDeps, ctx: RequestContext, input: RedeemInput) {
  const tenantId = tenantIn(ctx);
  const redeemedBy = staffUserIn(ctx);
  return deps.db.withTx(async (tx) => {
    if (!(await findCustomer(tx, tenantId, input.customer_id))) throw notFound('Customer not found');
    const [service] = await findTenantServices(tx, tenantId, [input.service_id]);
    if (!service && !(await hasAnyCredits(tx, tenantId, input.customer_id, input.service_id))) {
      throw notFound('Service not found');
    }
    const now = new Date();
    const rows = await lockRedeemableCredits(tx, tenantId, input.customer_id, input.service_id);
    const usable = rows.filter((row) => !isExpired(row.expires_at ? new Date(row.expires_at) : null, now));
    if (usable.length === 0) {
      throw badRequest(
        rows.length > 0 ? 'Credits expired for this service' : 'No available credits for this service',
      );
    }
    const allocation = allocateFifo(
      usable.map((row) => ({
        id: row.id,
        remaining: row.remaining_credits,
        expires_at: row.expires_at ? new Date(row.expires_at) : null,
        created_at: new Date(row.created_at),
      })),
      input.quantity,
    );
    if (!allocation) {
      const available = usable.reduce((total, row) => total + row.remaining_credits, 0);
      throw badRequest(`No available credits: requested ${input.quantity}, available ${available}`);
    }
    const byId = new Map(usable.map((row) => [row.id, row]));
    const redeemed = [];
    for (const { credit_id, quantity } of allocation) {
      const remaining = await useCredits(tx, credit_id, quantity);
      await insertRedemption(tx, tenantId, {
        id: newId(),
        credit_id,
        customer_id: input.customer_id,
        service_id: input.service_id,
        quantity,
        appointment_id: input.appointment_id ?? null,
        notes: input.notes ?? null,
        redeemed_by: redeemedBy,
      });
      redeemed.push({
        credit_id,
        customer_package_id: byId.get(credit_id)?.customer_package_id as string,
        quantity,
        remaining_credits: remaining,
      });
    }
    await refreshUsageStatus(tx, [...new Set(redeemed.map((row) => row.customer_package_id))]);
    await deps.store.enqueue(tx, [
      newEvent(
        'commerce.credits.redeemed.v1',
        {
          tenant_id: tenantId,
          customer_id: input.customer_id,
          service_id: input.service_id,
          appointment_id: input.appointment_id ?? null,
          quantity: input.quantity,
          redeemed_at: now.toISOString(),
        },
        originOf(ctx, PRODUCER),
      ),
    ]);
    return {
      redeemed,
      total_redeemed: input.quantity,
      remaining_credits_for_service: await remainingForService(
        tx,
        tenantId,
        input.customer_id,
        input.service_id,
      ),
    };
  });
}
