import { sql } from 'drizzle-orm';
import { newId, selectRows, textArray, type Executor } from '@salon/service-kit';
import type { Channel } from '../channels/channel';
import type {
  NotificationKind,
  NotificationStatus,
  ReportedDeliveryStatus,
} from '../domain/notification-rules';

export interface NotificationRow {
  id: string;
  tenant_id: string;
  kind: NotificationKind;
  status: NotificationStatus;
  tier: 'DATABASE' | 'TASK_QUEUE';
  /** timestamptz as the driver returns it from raw SQL: an ISO-like string. */
  scheduled_at: string;
  version: number;
  retry_count: number;
  recipient_type: 'customer' | 'staff';
  recipient_id: string | null;
  recipient: { name: string; email: string | null; phone: string | null; language?: string | null };
  channels: Channel[];
  template: string;
  payload: Record<string, unknown>;
  appointment_id: string | null;
  dedupe_key: string;
  sent_via: Channel[];
  failed_channels: Array<{ channel: Channel; reason: string; error?: string }>;
  last_error: string | null;
  /** The correlation id of the event or request that scheduled it; its task carries it. */
  correlation_id: string | null;
}

const T = sql`notifications.scheduled_notifications`;

export type NewNotification = Omit<
  NotificationRow,
  'id' | 'version' | 'retry_count' | 'sent_via' | 'failed_channels' | 'last_error' | 'tier' | 'scheduled_at'
> & { scheduled_at: Date };

/** Inserts unless a notification with the same dedupe key exists; returns the new row or null. */
export async function insertNotification(tx: Executor, n: NewNotification): Promise<NotificationRow | null> {
  const [row] = await selectRows<NotificationRow>(
    tx,
    sql`INSERT INTO ${T} (id, tenant_id, kind, status, tier, scheduled_at, recipient_type, recipient_id, recipient,
          channels, template, payload, appointment_id, dedupe_key, correlation_id, promoted_at)
        VALUES (${newId()}, ${n.tenant_id}, ${n.kind}, ${n.status}, ${n.status === 'PENDING' ? 'DATABASE' : 'TASK_QUEUE'},
          ${n.scheduled_at.toISOString()}, ${n.recipient_type}, ${n.recipient_id}, ${JSON.stringify(n.recipient)}::jsonb,
          ${textArray(n.channels)}, ${n.template}, ${JSON.stringify(n.payload)}::jsonb, ${n.appointment_id},
          ${n.dedupe_key}, ${n.correlation_id}, ${n.status === 'PROMOTED' ? sql`now()` : null})
        ON CONFLICT (tenant_id, dedupe_key) DO NOTHING
        RETURNING *`,
  );
  return row ?? null;
}

export async function findForUpdate(tx: Executor, id: string): Promise<NotificationRow | null> {
  const [row] = await selectRows<NotificationRow>(tx, sql`SELECT * FROM ${T} WHERE id = ${id} FOR UPDATE`);
  return row ?? null;
}

export async function findByDedupeKey(
  tx: Executor,
  tenantId: string,
  key: string,
): Promise<NotificationRow | null> {
  const [row] = await selectRows<NotificationRow>(
    tx,
    sql`SELECT * FROM ${T} WHERE tenant_id = ${tenantId} AND dedupe_key = ${key} FOR UPDATE`,
  );
  return row ?? null;
}

export async function setStatus(tx: Executor, id: string, status: NotificationStatus): Promise<void> {
  await tx.execute(
    sql`UPDATE ${T} SET status = ${status}, updated_at = now(),
          processed_at = CASE WHEN ${status} = 'PROCESSING' THEN now() ELSE processed_at END
        WHERE id = ${id}`,
  );
}

/** A rescheduled notification: new time, new version (stale tasks skip), tier again from the start. */
export async function reschedule(
  tx: Executor,
  id: string,
  {
    scheduledAt,
    status,
    correlationId,
  }: { scheduledAt: Date; status: 'PENDING' | 'PROMOTED' | 'CANCELLED'; correlationId: string | null },
): Promise<NotificationRow> {
  const [row] = await selectRows<NotificationRow>(
    tx,
    sql`UPDATE ${T} SET scheduled_at = ${scheduledAt.toISOString()}, version = version + 1, status = ${status},
          correlation_id = ${correlationId},
          tier = ${status === 'PENDING' ? 'DATABASE' : 'TASK_QUEUE'}, retry_count = 0, sent_via = '{}',
          failed_channels = '[]', last_error = NULL,
          promoted_at = ${status === 'PROMOTED' ? sql`now()` : null}, updated_at = now()
        WHERE id = ${id} RETURNING *`,
  );
  return row as NotificationRow;
}

export async function recordOutcome(
  tx: Executor,
  id: string,
  outcome: {
    status: 'COMPLETED' | 'FAILED';
    sentVia: Channel[];
    failed: NotificationRow['failed_channels'];
    lastError: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`UPDATE ${T} SET status = ${outcome.status}, sent_via = ${textArray(outcome.sentVia)},
          failed_channels = ${JSON.stringify(outcome.failed)}::jsonb, last_error = ${outcome.lastError},
          completed_at = CASE WHEN ${outcome.status} = 'COMPLETED' THEN now() ELSE completed_at END, updated_at = now()
        WHERE id = ${id}`,
  );
}

export async function markForRetry(tx: Executor, id: string): Promise<number> {
  const [row] = await selectRows<{ retry_count: number }>(
    tx,
    sql`UPDATE ${T} SET status = 'PROMOTED', retry_count = retry_count + 1, updated_at = now()
        WHERE id = ${id} RETURNING retry_count`,
  );
  return row?.retry_count ?? 0;
}

/**
 * Locks up to `limit` PENDING rows due by `horizon`, skipping rows another run holds, and promotes them.
 * The `status = 'PENDING'` re-check in the UPDATE keeps a row promoted once even across overlapping runs.
 */
export async function promoteDue(
  tx: Executor,
  horizon: Date,
  limit: number,
): Promise<{ found: number; promoted: NotificationRow[] }> {
  const due = await selectRows<{ id: string }>(
    tx,
    sql`SELECT id FROM ${T} WHERE status = 'PENDING' AND scheduled_at <= ${horizon.toISOString()}
        ORDER BY scheduled_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  );
  if (due.length === 0) return { found: 0, promoted: [] };
  const promoted = await selectRows<NotificationRow>(
    tx,
    sql`UPDATE ${T} SET status = 'PROMOTED', tier = 'TASK_QUEUE', promoted_at = now(), updated_at = now()
        WHERE id IN (${sql.join(
          due.map((row) => sql`${row.id}`),
          sql`, `,
        )}) AND status = 'PENDING' RETURNING *`,
  );
  return { found: due.length, promoted };
}

/** PENDING rows more than `ttlHours` past their time can no longer be useful: EXPIRED. */
export async function expireStale(tx: Executor, before: Date): Promise<number> {
  const rows = await selectRows(
    tx,
    sql`UPDATE ${T} SET status = 'EXPIRED', updated_at = now()
        WHERE status = 'PENDING' AND scheduled_at < ${before.toISOString()} RETURNING 1`,
  );
  return rows.length;
}

/**
 * PROCESSING rows claimed before `before` whose outcome was never recorded: the process stopped mid-send.
 * They become FAILED, not PROMOTED again: a channel may have sent already, and a retry is an operator's call.
 */
export async function failInterrupted(
  tx: Executor,
  before: Date,
): Promise<Array<{ id: string; tenant_id: string }>> {
  return selectRows(
    tx,
    sql`UPDATE ${T} SET status = 'FAILED', updated_at = now(),
          last_error = 'Interrupted while sending: the service stopped before recording the outcome'
        WHERE status = 'PROCESSING' AND processed_at < ${before.toISOString()} RETURNING id, tenant_id`,
  );
}

export async function cancelForAppointment(
  tx: Executor,
  tenantId: string,
  appointmentId: string,
  kinds: readonly NotificationKind[],
): Promise<number> {
  const rows = await selectRows(
    tx,
    sql`UPDATE ${T} SET status = 'CANCELLED', updated_at = now()
        WHERE tenant_id = ${tenantId} AND appointment_id = ${appointmentId} AND status IN ('PENDING', 'PROMOTED')
          AND kind = ANY(${textArray([...kinds])})
        RETURNING 1`,
  );
  return rows.length;
}

export async function deleteForCustomer(tx: Executor, tenantId: string, customerId: string): Promise<void> {
  await tx.execute(
    sql`DELETE FROM ${T} WHERE tenant_id = ${tenantId} AND recipient_type = 'customer' AND recipient_id = ${customerId}`,
  );
  await tx.execute(
    sql`DELETE FROM notifications.deliveries WHERE tenant_id = ${tenantId} AND recipient_id = ${customerId}`,
  );
}

export async function countsByStatus(executor: Executor, horizon: Date): Promise<Record<string, number>> {
  const [row] = await selectRows<Record<string, string>>(
    executor,
    sql`SELECT count(*) FILTER (WHERE status = 'PENDING') AS pending,
               count(*) FILTER (WHERE status = 'PENDING' AND scheduled_at <= ${horizon.toISOString()}) AS ready,
               count(*) FILTER (WHERE status = 'PROMOTED') AS promoted,
               count(*) FILTER (WHERE status = 'FAILED') AS failed
        FROM ${T}`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]));
}

export async function recordDelivery(
  tx: Executor,
  d: {
    /** Null for a message to a staff user, whose account belongs to no tenant. */
    tenantId: string | null;
    notificationId: string | null;
    recipientId: string | null;
    kind: NotificationKind;
    channel: Channel;
    status: 'sent' | 'failed' | 'blocked';
    reason: string | null;
    providerMessageId: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO notifications.deliveries (id, tenant_id, notification_id, recipient_id, kind, channel, status, reason, provider_message_id)
        VALUES (${newId()}, ${d.tenantId}, ${d.notificationId}, ${d.recipientId}, ${d.kind}, ${d.channel}, ${d.status},
                ${d.reason}, ${d.providerMessageId})`,
  );
}

/** Takes one unit of the month's quota if any is left; false means the channel is over quota. */
export async function takeQuota(
  tx: Executor,
  tenantId: string,
  month: string,
  channel: Channel,
  quota: number,
): Promise<boolean> {
  const rows = await selectRows(
    tx,
    sql`INSERT INTO notifications.channel_usage AS u (tenant_id, month, channel, sent)
        SELECT ${tenantId}, ${month}, ${channel}, 1 WHERE ${quota}::int <> 0
        ON CONFLICT (tenant_id, month, channel) DO UPDATE SET sent = u.sent + 1
        WHERE ${quota}::int < 0 OR u.sent < ${quota}::int
        RETURNING 1`,
  );
  return rows.length > 0;
}

export async function releaseQuota(
  tx: Executor,
  tenantId: string,
  month: string,
  channel: Channel,
): Promise<void> {
  await tx.execute(
    sql`UPDATE notifications.channel_usage SET sent = greatest(sent - 1, 0)
        WHERE tenant_id = ${tenantId} AND month = ${month} AND channel = ${channel}`,
  );
}

export async function audit(
  tx: Executor,
  entry: {
    tenantId: string | null;
    notificationId: string | null;
    action: string;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO notifications.audit_log (id, tenant_id, notification_id, action, details)
        VALUES (${newId()}, ${entry.tenantId}, ${entry.notificationId}, ${entry.action}, ${JSON.stringify(entry.details)}::jsonb)`,
  );
}

/**
 * Moves the delivery with this provider message id to a status the provider reported, only from the statuses
 * it may follow (so a repeated or late callback changes nothing); true when a row changed.
 */
export async function recordDeliveryStatus(
  tx: Executor,
  d: {
    channel: Channel;
    providerMessageId: string;
    status: ReportedDeliveryStatus;
    follows: readonly string[];
    reason: string | null;
  },
): Promise<boolean> {
  const rows = await selectRows(
    tx,
    sql`UPDATE notifications.deliveries
        SET status = ${d.status}, reason = COALESCE(${d.reason}, reason), status_updated_at = now()
        WHERE channel = ${d.channel} AND provider_message_id = ${d.providerMessageId}
          AND status = ANY(${textArray([...d.follows])})
        RETURNING id`,
  );
  return rows.length > 0;
}
