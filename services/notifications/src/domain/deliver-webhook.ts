import type { EventData, EventEnvelope } from '@salon/contracts';
import { newEvent, type EventOrigin } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import { postWebhook } from '../channels/webhook.sender';
import * as repo from '../db/webhook.repository';
import * as replicas from '../db/replica.repository';
import { sendOnChannels } from './deliver-notification';
import { PRODUCER, WEBHOOK_ATTEMPT_CONSUMER, WEBHOOK_ATTEMPT_EVENT, type NotificationsDeps } from './deps';
import { renderTemplate, templateLanguage } from './templates';
import {
  delivered,
  failingTooLong,
  nextAttemptAt,
  webhookBody,
  webhookHeaders,
  type RetryLimits,
  type WebhookMessage,
} from './webhook-rules';

export const retryLimits = ({ config }: NotificationsDeps): RetryLimits => ({
  initialDelayMs: config.WEBHOOK_RETRY_INITIAL_MS,
  maxDelayMs: config.WEBHOOK_RETRY_MAX_MS,
  windowSeconds: config.WEBHOOK_RETRY_WINDOW_SECONDS,
  disableAfterSeconds: config.WEBHOOK_DISABLE_AFTER_SECONDS,
});

type Delivery = Pick<repo.DeliveryRow, 'id' | 'tenant_id' | 'endpoint_id' | 'ordering_key' | 'attempt_count'>;

/** Puts attempt number `attempt` (attempts made before it) of a delivery on the delay ladder, due at `at`. */
async function enqueueAttempt(
  deps: NotificationsDeps,
  tx: Executor,
  delivery: Delivery,
  attempt: number,
  at: Date,
  origin: EventOrigin,
): Promise<void> {
  const task = newEvent(
    WEBHOOK_ATTEMPT_EVENT,
    { delivery_id: delivery.id, tenant_id: delivery.tenant_id, attempt },
    { ...origin, tenantId: delivery.tenant_id },
  );
  await deps.store.enqueue(tx, [task], {
    deliverAt: at,
    target: { kind: 'consumer', consumer: WEBHOOK_ATTEMPT_CONSUMER },
  });
}

async function sendNow(deps: NotificationsDeps, tx: Executor, delivery: Delivery, origin: EventOrigin) {
  const now = deps.clock.now();
  await repo.markScheduled(tx, delivery.id, now);
  await enqueueAttempt(deps, tx, delivery, delivery.attempt_count, now, origin);
}

/**
 * A delivery goes at once unless a delivery of the same endpoint and ordering key (the appointment) that occurred
 * earlier is still pending: then it waits its turn, and goes when that one is delivered or given up.
 */
export async function sendWhenFirst(
  deps: NotificationsDeps,
  tx: Executor,
  delivery: Delivery,
  origin: EventOrigin,
) {
  if (delivery.ordering_key !== null) {
    await repo.lockDeliveryLine(tx, delivery.endpoint_id, delivery.ordering_key);
    const first = await repo.firstPendingInLine(tx, delivery.endpoint_id, delivery.ordering_key);
    if (first && first.id !== delivery.id) return;
  }
  await sendNow(deps, tx, delivery, origin);
}

/** After a delivery finished (delivered or given up), the next one waiting behind it goes. */
async function sendNextInLine(
  deps: NotificationsDeps,
  tx: Executor,
  finished: Delivery,
  origin: EventOrigin,
) {
  if (finished.ordering_key === null) return;
  await repo.lockDeliveryLine(tx, finished.endpoint_id, finished.ordering_key);
  const next = await repo.firstPendingInLine(tx, finished.endpoint_id, finished.ordering_key);
  if (next && next.next_attempt_at === null) await sendNow(deps, tx, next, origin);
}

/**
 * An integration event's webhook messages, one delivery per enabled endpoint of the tenant subscribed to each
 * message's type, in the event's inbox transaction (so a redelivered event adds nothing).
 */
export async function fanOutWebhooks(
  deps: NotificationsDeps,
  tx: Executor,
  event: EventEnvelope,
  messages: WebhookMessage[],
): Promise<void> {
  const tenantId = event.tenant_id;
  if (tenantId === null) return;
  const origin: EventOrigin = {
    producer: PRODUCER,
    tenantId,
    correlationId: event.correlation_id,
    causationId: event.id,
  };
  for (const message of messages) {
    const body = JSON.stringify(webhookBody(message, event));
    for (const endpoint of await repo.findSubscribedEndpoints(tx, tenantId, message.type)) {
      const delivery = await repo.insertDelivery(tx, {
        tenantId,
        endpointId: endpoint.id,
        messageId: message.id,
        eventType: message.type,
        orderingKey: message.orderingKey,
        occurredAt: event.occurred_at,
        body,
      });
      if (delivery) await sendWhenFirst(deps, tx, delivery, origin);
    }
  }
}

/**
 * One attempt (notifications.webhook.due.v1). Before sending, in one transaction: the task must be the delivery's
 * current attempt (a duplicate or stale task skips), the attempt is counted and the next one is already put on
 * the delay ladder (a crash mid-send still retries: at least once). After the answer: success delivers and frees
 * the line; a failure marks the endpoint failing, gives the delivery up when its window is over, and disables the
 * endpoint (telling the tenant) when it has failed for WEBHOOK_DISABLE_AFTER_SECONDS.
 */
export async function attemptWebhook(
  deps: NotificationsDeps,
  task: EventData<'notifications.webhook.due.v1'>,
  origin: EventOrigin,
): Promise<'skipped' | 'delivered' | 'failed'> {
  const limits = retryLimits(deps);
  const claim = await deps.db.withTx(async (tx) => {
    const delivery = await repo.findDelivery(tx, task.delivery_id, { forUpdate: true });
    if (!delivery || delivery.status !== 'pending' || delivery.attempt_count !== task.attempt) return null;
    const endpoint = await repo.findEndpoint(tx, delivery.tenant_id, delivery.endpoint_id);
    if (!endpoint || endpoint.status !== 'enabled') return null;
    const now = deps.clock.now();
    const attempts = task.attempt + 1;
    const retryAt = nextAttemptAt(limits, {
      attempts,
      windowStartedAt: new Date(delivery.window_started_at),
      now,
    });
    // Never due before this attempt's timeout, so a slow receiver is not sent the message twice at once.
    const at =
      retryAt && new Date(Math.max(retryAt.getTime(), now.getTime() + deps.config.WEBHOOK_TIMEOUT_MS));
    await repo.beginAttempt(tx, delivery.id, at);
    if (at) await enqueueAttempt(deps, tx, delivery, attempts, at, origin);
    return { delivery, endpoint, attempt: attempts, lastAttempt: at === null };
  });
  if (!claim) return 'skipped';
  const { delivery, endpoint } = claim;

  const answer = await postWebhook(
    new URL(endpoint.url),
    webhookHeaders(endpoint.secret, delivery.message_id, delivery.body, deps.clock.now()),
    delivery.body,
    { timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS, allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES },
  );
  const ok = delivered(answer.statusCode);
  const disabled = await deps.db.withTx(async (tx) => {
    await repo.insertAttempt(tx, {
      tenantId: delivery.tenant_id,
      delivery_id: delivery.id,
      attempt: claim.attempt,
      status_code: answer.statusCode,
      response_body: answer.body,
      error: answer.error ?? (ok ? null : `HTTP ${answer.statusCode}`),
      duration_ms: answer.durationMs,
    });
    const current = await repo.findDelivery(tx, delivery.id, { forUpdate: true });
    if (current?.status !== 'pending' || current.attempt_count !== claim.attempt) return null;
    if (ok) {
      await repo.finishDelivery(tx, delivery.id, 'delivered');
      await repo.markEndpointHealthy(tx, endpoint.id);
      await sendNextInLine(deps, tx, delivery, origin);
      return null;
    }
    const failing = await repo.markEndpointFailing(tx, endpoint.id);
    if (
      failing.status === 'enabled' &&
      failingTooLong(limits, new Date(failing.failing_since!), deps.clock.now())
    ) {
      await repo.updateEndpoint(tx, endpoint.tenant_id, endpoint.id, {
        status: { enabled: false, reason: 'failing' },
      });
      await repo.failPendingOf(tx, endpoint.id);
      return failing;
    }
    if (claim.lastAttempt) {
      await repo.finishDelivery(tx, delivery.id, 'failed');
      await sendNextInLine(deps, tx, delivery, origin);
    }
    return null;
  });
  if (disabled) await tellTenantDisabled(deps, disabled, origin);
  return ok ? 'delivered' : 'failed';
}

/** The business learns by e-mail (to the tenant's address) that its endpoint was disabled, and why. */
async function tellTenantDisabled(deps: NotificationsDeps, endpoint: repo.EndpointRow, origin: EventOrigin) {
  deps.logger.warn(
    { endpoint: endpoint.id, tenant: endpoint.tenant_id, url: endpoint.url },
    'webhook endpoint disabled',
  );
  const tenant = await replicas.findTenant(deps.db.orm, endpoint.tenant_id);
  const language = templateLanguage(tenant?.language);
  await sendOnChannels(deps, {
    tenantId: endpoint.tenant_id,
    notificationId: null,
    kind: 'webhook_endpoint_disabled',
    recipient: { type: 'staff', id: null, email: tenant?.email ?? null, phone: null },
    preferences: null,
    channels: ['email'],
    message: renderTemplate('webhook_endpoint_disabled', language, {
      tenantName: tenant?.name ?? 'Salon',
      timezone: tenant?.timezone ?? 'UTC',
      currency: tenant?.currency ?? 'USD',
      recipientName: tenant?.name ?? 'Salon',
      webhookUrl: endpoint.url,
      failingSince: endpoint.failing_since ?? undefined,
    }),
    reference: endpoint.id,
    correlationId: origin.correlationId,
  });
}
