import { sql } from 'drizzle-orm';
import type { RetentionTable } from '@salon/service-kit';
import type { CommerceConfig } from '../config';

/** What commerce's retention job prunes besides its inbox: audit entries, and callbacks applied or given up. */
export const commerceRetentionTables = (config: CommerceConfig): RetentionTable[] => [
  { schema: 'commerce', table: 'audit_log', timeColumn: 'created_at', days: config.RETENTION_AUDIT_DAYS },
  {
    schema: 'commerce',
    table: 'gateway_callbacks',
    timeColumn: 'received_at',
    days: config.RETENTION_CALLBACK_DAYS,
    // A callback still to apply (outcome NULL) stays however old: deleting it would lose a payment.
    onlyWhere: sql`outcome IS NOT NULL`,
  },
];
