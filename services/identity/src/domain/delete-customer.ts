import { newEvent, originOf } from '@salon/messaging';
import { forbidden, type RequestContext } from '@salon/service-kit';
import { insertAuditEntry } from '../db/audit.repository';
import { deleteCustomer, updateCustomer } from '../db/customer.repository';
import { staffIn } from './caller';
import { reachableCustomer } from './customer-access';
import { PRODUCER, type IdentityDeps } from './deps';
import { endCustomerSessions } from './end-sessions';
import { publishCustomerUpdated } from './events';

/**
 * DELETE /customers/{id}: a soft delete (is_deleted, inactive, signed out; e-mail and phone free again) by
 * default; `permanent` removes the record, needs SUPER_ADMIN and tells the owning services to follow.
 */
export async function deleteCustomerByStaff(
  deps: IdentityDeps,
  ctx: RequestContext,
  { customerId, permanent }: { customerId: string; permanent: boolean },
): Promise<{ message: string }> {
  const caller = staffIn(ctx);
  if (permanent && caller.role !== 'SUPER_ADMIN') throw forbidden('Permanent deletion requires SUPER_ADMIN');
  return deps.db.withTx(async (tx) => {
    const current = await reachableCustomer(tx, ctx, customerId, { forUpdate: true });
    const audit = {
      tenant_id: current.tenant_id,
      actor_type: 'staff' as const,
      actor_id: caller.userId,
      entity_type: 'customer',
      entity_id: current.id,
    };
    if (!permanent) {
      if (!current.is_deleted) {
        await endCustomerSessions(tx, current.id, 'security');
        const customer = await updateCustomer(tx, current.id, { is_deleted: true, is_active: false });
        await insertAuditEntry(tx, { ...audit, action: 'CUSTOMER_DELETED', details: { permanent: false } });
        await publishCustomerUpdated(deps, tx, ctx, customer);
      }
      return { message: 'Customer deleted successfully' };
    }
    const deletedAt = new Date().toISOString();
    await endCustomerSessions(tx, current.id, 'security');
    await deleteCustomer(tx, current.id);
    await insertAuditEntry(tx, {
      ...audit,
      action: 'CUSTOMER_PERMANENTLY_DELETED',
      details: { permanent: true, deletion_timestamp: deletedAt },
    });
    await deps.store.enqueue(tx, [
      newEvent(
        'identity.customer.deleted.v1',
        {
          customer_id: current.id,
          tenant_id: current.tenant_id,
          reason: 'permanent_delete_by_staff',
          gdpr_deletion: false,
          deleted_at: deletedAt,
        },
        originOf(ctx, PRODUCER, current.tenant_id),
      ),
    ]);
    return { message: 'Customer permanently deleted' };
  });
}
