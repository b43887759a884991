import { sql, type SQL } from 'drizzle-orm';
import { iso, newId, selectRows, type Executor } from '@salon/service-kit';

export type AuditAction =
  | 'CUSTOMER_CONSENT_UPDATED'
  | 'CUSTOMER_ACCOUNT_DELETED'
  | 'CUSTOMER_DELETED'
  | 'CUSTOMER_PERMANENTLY_DELETED'
  | 'TENANT_DEACTIVATED'
  | 'TENANT_REACTIVATED'
  | 'SUPER_ADMIN_TENANT_ENTERED'
  | 'SUPER_ADMIN_ACTED';

export interface AuditEntry {
  id: string;
  tenant_id: string | null;
  actor_type: 'customer' | 'staff' | 'system';
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

export async function insertAuditEntry(
  tx: Executor,
  entry: Omit<AuditEntry, 'id' | 'created_at' | 'action'> & { action: AuditAction },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO identity.audit_log (id, tenant_id, actor_type, actor_id, action, entity_type, entity_id, details)
        VALUES (${newId()}, ${entry.tenant_id}, ${entry.actor_type}, ${entry.actor_id}, ${entry.action},
          ${entry.entity_type}, ${entry.entity_id}, ${JSON.stringify(entry.details)}::jsonb)`,
  );
}

export interface AuditFilters {
  tenantId?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
}

/** A page of audit entries, newest first; no tenant filter means every tenant (SUPER_ADMIN only). */
export async function listAuditEntries(
  executor: Executor,
  filters: AuditFilters,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ items: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [sql`true`];
  if (filters.tenantId) conditions.push(sql`tenant_id = ${filters.tenantId}`);
  if (filters.action) conditions.push(sql`action = ${filters.action}`);
  if (filters.entityType) conditions.push(sql`entity_type = ${filters.entityType}`);
  if (filters.entityId) conditions.push(sql`entity_id = ${filters.entityId}`);
  const where = sql.join(conditions, sql` AND `);
  const [count] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM identity.audit_log WHERE ${where}`,
  );
  const rows = await selectRows<AuditEntry>(
    executor,
    sql`SELECT * FROM identity.audit_log WHERE ${where}
        ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${limit}`,
  );
  return { items: rows.map((row) => ({ ...row, created_at: iso(row.created_at) })), total: count!.total };
}
