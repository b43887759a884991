import { customerDeletionCheckPath, customerDeletionCheckResponse } from '@salon/contracts';
import { newEvent, originOf } from '@salon/messaging';
import {
  badRequest,
  serviceUnavailable,
  type CustomerAuth,
  type InternalClient,
  type RequestContext,
} from '@salon/service-kit';
import { insertAuditEntry } from '../db/audit.repository';
import { deleteCustomer } from '../db/customer.repository';
import { customerIn } from './caller';
import { currentCustomer } from './customer-access';
import { PRODUCER, type IdentityDeps } from './deps';
import { endCustomerSessions } from './end-sessions';

/** Asks one owning service whether something blocks the deletion; any failure to answer is a 503. */
async function askDeletionCheck(
  client: InternalClient | undefined,
  service: string,
  caller: CustomerAuth,
  requestId: string,
): Promise<string | null> {
  if (!client) throw serviceUnavailable(`${service} is temporarily unavailable`);
  const response = await client.request(
    'GET',
    customerDeletionCheckPath(caller.tenantId, caller.customerId),
    {
      requestId,
    },
  );
  const answer = customerDeletionCheckResponse.safeParse(response.body);
  if (response.status !== 200 || !answer.success)
    throw serviceUnavailable(`${service} is temporarily unavailable`);
  if (!answer.data.blocked) return null;
  return answer.data.reason ?? `Account cannot be deleted while ${service} holds open items`;
}

/**
 * DELETE /customers/account. Fail closed: scheduling (future appointments) and commerce (pending or processing
 * payments) must both answer that nothing blocks, before anything is deleted. Then the record goes (sessions
 * and codes with it), the audit entry is written and identity.customer.deleted.v1 tells each owning service to
 * anonymise or delete its own data.
 */
export async function deleteOwnAccount(deps: IdentityDeps, ctx: RequestContext) {
  const caller = customerIn(ctx);
  await currentCustomer(deps.db.orm, ctx);
  const [appointments, payments] = await Promise.all([
    askDeletionCheck(deps.deletionChecks.scheduling, 'scheduling', caller, ctx.requestId),
    askDeletionCheck(deps.deletionChecks.commerce, 'commerce', caller, ctx.requestId),
  ]);
  if (payments) throw badRequest(payments);
  if (appointments) throw badRequest(appointments);

  await deps.db.withTx(async (tx) => {
    const customer = await currentCustomer(tx, ctx, { forUpdate: true });
    const deletedAt = new Date().toISOString();
    // Recorded before the record (and its sessions) goes: the token that asked must never book again.
    await endCustomerSessions(tx, customer.id, 'security');
    await deleteCustomer(tx, customer.id);
    await insertAuditEntry(tx, {
      tenant_id: customer.tenant_id,
      actor_type: 'customer',
      actor_id: customer.id,
      action: 'CUSTOMER_ACCOUNT_DELETED',
      entity_type: 'customer',
      entity_id: customer.id,
      details: {
        deletion_timestamp: deletedAt,
        gdpr_deletion: true,
        reason: 'Customer requested account deletion',
      },
    });
    await deps.store.enqueue(tx, [
      newEvent(
        'identity.customer.deleted.v1',
        {
          customer_id: customer.id,
          tenant_id: customer.tenant_id,
          reason: 'account_deletion',
          gdpr_deletion: true,
          deleted_at: deletedAt,
        },
        originOf(ctx, PRODUCER, customer.tenant_id),
      ),
    ]);
  });
  return { success: true as const, message: 'Your account and personal data have been deleted' };
}
