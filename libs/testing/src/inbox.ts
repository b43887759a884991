import type { EventData, EventEnvelope, EventType } from '@salon/contracts';
import { newEvent, type InboxHandler } from '@salon/messaging';
import type { TestService } from './service';

/**
 * Runs an inbox handler on `event` in a transaction of the service's database, as its inbox consumer would:
 * the work it leaves for after the commit runs once the transaction has committed. The bus path is covered by
 * the tests that publish.
 */
export async function applyInbox<T extends EventType>(
  service: TestService,
  handler: InboxHandler<T>,
  event: EventEnvelope<EventData<T>>,
): Promise<void> {
  const afterCommit: Array<() => Promise<void>> = [];
  await service.running.context.db.withTx((tx) =>
    handler(event.data, { tx, event, afterCommit: (work) => void afterCommit.push(work) }),
  );
  for (const work of afterCommit) await work();
}

/**
 * Applies `data` as an event of `type` through `handler` (see `applyInbox`); the event comes from `producer`
 * (by default the first part of its type) for `tenantId` (by default none).
 */
export async function handleInbox<T extends EventType>(
  service: TestService,
  type: T,
  handler: InboxHandler<T>,
  data: EventData<T>,
  origin: { producer?: string; tenantId?: string | null } = {},
): Promise<void> {
  const producer = origin.producer ?? type.split('.')[0]!;
  await applyInbox(service, handler, newEvent(type, data, { producer, tenantId: origin.tenantId ?? null }));
}

/**
 * Publishes an event on the service's broker namespace, as its producer (the first part of its type) would.
 */
export async function publishEvent<T extends EventType>(
  service: TestService,
  type: T,
  data: EventData<T>,
  tenantId: string | null,
): Promise<void> {
  await service.testBus.bus.publish([newEvent(type, data, { producer: type.split('.')[0]!, tenantId })]);
}
