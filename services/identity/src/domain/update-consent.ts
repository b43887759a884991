import type { CustomerPreferences } from '@salon/contracts';
import type { RequestContext } from '@salon/service-kit';
import { insertAuditEntry } from '../db/audit.repository';
import { updateCustomer } from '../db/customer.repository';
import { customerIn } from './caller';
import { currentCustomer } from './customer-access';
import { applyConsent, type ConsentChange } from './customer-rules';
import type { IdentityDeps } from './deps';
import { publishCustomerUpdated } from './events';

export interface ConsentUpdate {
  preferences: CustomerPreferences;
  /** When the consent changed (also the customer's `consent_updated_at`). */
  at: string;
}

/** PUT /customers/consent: given or withdrawn at any time; every call writes CUSTOMER_CONSENT_UPDATED. */
export async function updateConsent(
  deps: IdentityDeps,
  ctx: RequestContext,
  change: ConsentChange,
): Promise<ConsentUpdate> {
  const caller = customerIn(ctx);
  return deps.db.withTx(async (tx) => {
    const current = await currentCustomer(tx, ctx, { forUpdate: true });
    const { preferences, changes } = applyConsent(current.preferences, change);
    const now = new Date().toISOString();
    const customer = await updateCustomer(tx, current.id, { preferences, consent_updated_at: now });
    await insertAuditEntry(tx, {
      tenant_id: caller.tenantId,
      actor_type: 'customer',
      actor_id: caller.customerId,
      action: 'CUSTOMER_CONSENT_UPDATED',
      entity_type: 'customer',
      entity_id: customer.id,
      details: { consent_changes: changes, consent_timestamp: now },
    });
    await publishCustomerUpdated(deps, tx, ctx, customer);
    return { preferences, at: now };
  });
}
