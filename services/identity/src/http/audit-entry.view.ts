import type { AuditEntry } from '../db/audit.repository';

/** The spec's audit log entry. */
export const auditEntryView = (entry: AuditEntry) => ({
  id: entry.id,
  tenant_id: entry.tenant_id,
  actor_type: entry.actor_type,
  actor_id: entry.actor_id,
  action: entry.action,
  entity_type: entry.entity_type,
  entity_id: entry.entity_id,
  details: entry.details,
  created_at: entry.created_at,
});
