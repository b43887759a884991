import { sql, type SQL } from 'drizzle-orm';
import { idArray, isoOf, lockFor, newId, selectRows, textArray, type Executor } from '@salon/service-kit';

export interface EndpointRow {
  id: string;
  tenant_id: string;
  url: string;
  description: string | null;
  event_types: string[];
  secret: string;
  status: 'enabled' | 'disabled';
  disabled_reason: 'failing' | 'paused' | null;
  disabled_at: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeliveryRow {
  id: string;
  tenant_id: string;
  endpoint_id: string;
  message_id: string;
  event_type: string;
  ordering_key: string | null;
  occurred_at: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempt_count: number;
  window_started_at: string;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  status_code: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number;
  attempted_at: string;
}

const E = sql`notifications.webhook_endpoints`;
const D = sql`notifications.webhook_deliveries`;
const A = sql`notifications.webhook_attempts`;

const endpointColumns = sql`id, tenant_id, url, description, event_types, secret, status, disabled_reason,
  ${isoOf(sql`disabled_at`)} AS disabled_at, ${isoOf(sql`failing_since`)} AS failing_since,
  ${isoOf(sql`created_at`)} AS created_at, ${isoOf(sql`updated_at`)} AS updated_at`;
const deliveryColumns = sql`id, tenant_id, endpoint_id, message_id, event_type, ordering_key,
  ${isoOf(sql`occurred_at`)} AS occurred_at, body, status, attempt_count,
  ${isoOf(sql`window_started_at`)} AS window_started_at, ${isoOf(sql`next_attempt_at`)} AS next_attempt_at,
  ${isoOf(sql`delivered_at`)} AS delivered_at, ${isoOf(sql`created_at`)} AS created_at`;

const one = async <T>(tx: Executor, query: SQL): Promise<T | null> =>
  (await selectRows<T>(tx, query))[0] ?? null;

// ── endpoints ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Serialises the deliveries of one endpoint and ordering key (an appointment), so they go in the order their
 * events occurred.
 */
export const lockDeliveryLine = (tx: Executor, endpointId: string, orderingKey: string) =>
  lockFor(tx, 'notifications.webhook-order', `${endpointId}:${orderingKey}`);

/** Serialises registrations of one tenant (the per-tenant limit). */
export const lockEndpoints = (tx: Executor, tenantId: string) =>
  lockFor(tx, 'notifications.webhook-endpoints', tenantId);

export async function countEndpoints(tx: Executor, tenantId: string): Promise<number> {
  const row = await one<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM ${E} WHERE tenant_id = ${tenantId}`,
  );
  return row?.n ?? 0;
}

export async function insertEndpoint(
  tx: Executor,
  tenantId: string,
  e: { url: string; description: string | null; eventTypes: string[]; secret: string },
): Promise<EndpointRow> {
  return (await one<EndpointRow>(
    tx,
    sql`INSERT INTO ${E} (id, tenant_id, url, description, event_types, secret, status)
        VALUES (${newId()}, ${tenantId}, ${e.url}, ${e.description}, ${textArray(e.eventTypes)}, ${e.secret}, 'enabled')
        RETURNING ${endpointColumns}`,
  ))!;
}

export async function findEndpoint(
  tx: Executor,
  tenantId: string,
  id: string,
  { forUpdate = false } = {},
): Promise<EndpointRow | null> {
  return one<EndpointRow>(
    tx,
    sql`SELECT ${endpointColumns} FROM ${E} WHERE tenant_id = ${tenantId} AND id = ${id}
        ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
}

export async function listEndpoints(tx: Executor, tenantId: string): Promise<EndpointRow[]> {
  return selectRows<EndpointRow>(
    tx,
    sql`SELECT ${endpointColumns} FROM ${E} WHERE tenant_id = ${tenantId} ORDER BY created_at, id`,
  );
}

/** Endpoints of the tenant that are enabled and subscribe to `type`. */
export async function findSubscribedEndpoints(
  tx: Executor,
  tenantId: string,
  type: string,
): Promise<EndpointRow[]> {
  return selectRows<EndpointRow>(
    tx,
    sql`SELECT ${endpointColumns} FROM ${E}
        WHERE tenant_id = ${tenantId} AND status = 'enabled' AND ${type} = ANY(event_types) ORDER BY id`,
  );
}

export async function updateEndpoint(
  tx: Executor,
  tenantId: string,
  id: string,
  changes: {
    url?: string;
    description?: string | null;
    eventTypes?: string[];
    /** enabled: the failure clock restarts; disabled: with its reason. */
    status?: { enabled: true } | { enabled: false; reason: 'failing' | 'paused' };
  },
): Promise<EndpointRow | null> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (changes.url !== undefined) sets.push(sql`url = ${changes.url}`);
  if (changes.description !== undefined) sets.push(sql`description = ${changes.description}`);
  if (changes.eventTypes !== undefined) sets.push(sql`event_types = ${textArray(changes.eventTypes)}`);
  if (changes.status?.enabled === true)
    sets.push(sql`status = 'enabled', disabled_reason = NULL, disabled_at = NULL, failing_since = NULL`);
  if (changes.status?.enabled === false)
    sets.push(sql`status = 'disabled', disabled_reason = ${changes.status.reason}, disabled_at = now()`);
  return one<EndpointRow>(
    tx,
    sql`UPDATE ${E} SET ${sql.join(sets, sql`, `)} WHERE tenant_id = ${tenantId} AND id = ${id}
        RETURNING ${endpointColumns}`,
  );
}

export async function deleteEndpoint(tx: Executor, tenantId: string, id: string): Promise<boolean> {
  const rows = await selectRows(
    tx,
    sql`DELETE FROM ${E} WHERE tenant_id = ${tenantId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

/** A failed attempt: the endpoint has been failing since its first failure after the last success. */
export async function markEndpointFailing(tx: Executor, id: string): Promise<EndpointRow> {
  return (await one<EndpointRow>(
    tx,
    sql`UPDATE ${E} SET failing_since = COALESCE(failing_since, now()), updated_at = now() WHERE id = ${id}
        RETURNING ${endpointColumns}`,
  ))!;
}

export async function markEndpointHealthy(tx: Executor, id: string): Promise<void> {
  await tx.execute(
    sql`UPDATE ${E} SET failing_since = NULL, updated_at = now() WHERE id = ${id} AND failing_since IS NOT NULL`,
  );
}

// ── deliveries ──────────────────────────────────────────────────────────────────────────────────────────────

/** A delivery of one message to one endpoint; null when that endpoint already has this message. */
export async function insertDelivery(
  tx: Executor,
  d: {
    tenantId: string;
    endpointId: string;
    messageId: string;
    eventType: string;
    orderingKey: string | null;
    occurredAt: string;
    body: string;
  },
): Promise<DeliveryRow | null> {
  return one<DeliveryRow>(
    tx,
    sql`INSERT INTO ${D} (id, tenant_id, endpoint_id, message_id, event_type, ordering_key, occurred_at, body, status)
        VALUES (${newId()}, ${d.tenantId}, ${d.endpointId}, ${d.messageId}, ${d.eventType}, ${d.orderingKey},
          ${d.occurredAt}, ${d.body}, 'pending')
        ON CONFLICT (endpoint_id, message_id) DO NOTHING
        RETURNING ${deliveryColumns}`,
  );
}

export async function findDelivery(
  tx: Executor,
  id: string,
  { forUpdate = false } = {},
): Promise<DeliveryRow | null> {
  return one<DeliveryRow>(
    tx,
    sql`SELECT ${deliveryColumns} FROM ${D} WHERE id = ${id} ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
}

export async function findEndpointDelivery(
  tx: Executor,
  tenantId: string,
  endpointId: string,
  id: string,
): Promise<DeliveryRow | null> {
  return one<DeliveryRow>(
    tx,
    sql`SELECT ${deliveryColumns} FROM ${D}
        WHERE tenant_id = ${tenantId} AND endpoint_id = ${endpointId} AND id = ${id} FOR UPDATE`,
  );
}

/** The pending delivery of an endpoint and ordering key that goes first (its event occurred first). */
export async function firstPendingInLine(
  tx: Executor,
  endpointId: string,
  orderingKey: string,
): Promise<DeliveryRow | null> {
  return one<DeliveryRow>(
    tx,
    sql`SELECT ${deliveryColumns} FROM ${D}
        WHERE endpoint_id = ${endpointId} AND ordering_key = ${orderingKey} AND status = 'pending'
        ORDER BY occurred_at, created_at, id LIMIT 1`,
  );
}

/** An attempt begins: counted, and when the next one is due if it fails (null: none, the window is over). */
export async function beginAttempt(tx: Executor, id: string, nextAttemptAt: Date | null): Promise<void> {
  await tx.execute(
    sql`UPDATE ${D} SET attempt_count = attempt_count + 1, next_attempt_at = ${nextAttemptAt?.toISOString() ?? null}
        WHERE id = ${id}`,
  );
}

/** A delivery waiting in line is put on the delay ladder now. */
export async function markScheduled(tx: Executor, id: string, at: Date): Promise<void> {
  await tx.execute(sql`UPDATE ${D} SET next_attempt_at = ${at.toISOString()} WHERE id = ${id}`);
}

export async function finishDelivery(
  tx: Executor,
  id: string,
  status: 'delivered' | 'failed',
): Promise<void> {
  await tx.execute(
    sql`UPDATE ${D} SET status = ${status}, next_attempt_at = NULL,
          delivered_at = CASE WHEN ${status} = 'delivered' THEN now() ELSE delivered_at END
        WHERE id = ${id}`,
  );
}

/** Every pending delivery of a disabled endpoint fails (a replay can send one again). */
export async function failPendingOf(tx: Executor, endpointId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE ${D} SET status = 'failed', next_attempt_at = NULL WHERE endpoint_id = ${endpointId} AND status = 'pending'`,
  );
}

/** A replay: pending again with a new retry window; the message id stays, so the receiver can deduplicate. */
export async function restartDelivery(tx: Executor, id: string): Promise<DeliveryRow> {
  return (await one<DeliveryRow>(
    tx,
    sql`UPDATE ${D} SET status = 'pending', window_started_at = now(), next_attempt_at = NULL
        WHERE id = ${id} RETURNING ${deliveryColumns}`,
  ))!;
}

export async function listDeliveries(
  tx: Executor,
  tenantId: string,
  endpointId: string,
  { status, offset, limit }: { status?: string; offset: number; limit: number },
): Promise<{ items: DeliveryRow[]; total: number }> {
  const where = sql`tenant_id = ${tenantId} AND endpoint_id = ${endpointId} ${status ? sql`AND status = ${status}` : sql``}`;
  const items = await selectRows<DeliveryRow>(
    tx,
    sql`SELECT ${deliveryColumns} FROM ${D} WHERE ${where} ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${limit}`,
  );
  const count = await one<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${D} WHERE ${where}`);
  return { items, total: count?.n ?? 0 };
}

// ── attempts ────────────────────────────────────────────────────────────────────────────────────────────────

export async function insertAttempt(
  tx: Executor,
  a: Omit<AttemptRow, 'attempted_at'> & { tenantId: string },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO ${A} (id, tenant_id, delivery_id, attempt, status_code, response_body, error, duration_ms)
        VALUES (${newId()}, ${a.tenantId}, ${a.delivery_id}, ${a.attempt}, ${a.status_code}, ${a.response_body},
          ${a.error}, ${a.duration_ms})`,
  );
}

export async function attemptsOf(tx: Executor, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return selectRows<AttemptRow>(
    tx,
    sql`SELECT delivery_id, attempt, status_code, response_body, error, duration_ms,
          ${isoOf(sql`created_at`)} AS attempted_at
        FROM ${A} WHERE delivery_id = ANY(${idArray(deliveryIds)})
        ORDER BY delivery_id, attempt`,
  );
}
