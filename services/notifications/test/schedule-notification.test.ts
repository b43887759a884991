import type { EventEnvelope } from '@salon/contracts';
import type { EnqueueOptions, MessagingStore } from '@salon/messaging';
import { newId } from '@salon/service-kit';
import type { NotificationsDeps } from '../src/domain/deps';
import { enqueueTask } from '../src/domain/schedule-notification';

describe('a notification task keeps the correlation id of what scheduled it', () => {
  const enqueued: Array<{ events: EventEnvelope[]; options?: EnqueueOptions }> = [];
  const store: Pick<MessagingStore, 'enqueue'> = {
    enqueue: async (_tx, events, options) => void enqueued.push({ events, options }),
  };
  const now = new Date('2026-03-01T10:00:00Z');
  const deps = { store, clock: { now: () => now } } as unknown as NotificationsDeps;
  const row = (correlation_id: string | null) => ({
    id: newId(),
    tenant_id: newId(),
    version: 2,
    scheduled_at: '2026-03-02T10:00:00.000Z',
    correlation_id,
  });
  const origin = {
    producer: 'notifications',
    tenantId: null,
    correlationId: 'promotion-run',
    causationId: null,
  };

  beforeEach(() => void enqueued.splice(0));

  it("carries the notification's correlation id, on the notification's tenant, at its time", async () => {
    const scheduled = row('booking-request');
    await enqueueTask(deps, {} as never, scheduled, origin);
    const [{ events, options }] = enqueued as [(typeof enqueued)[number]];
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'notifications.task.due.v1',
      tenant_id: scheduled.tenant_id,
      correlation_id: 'booking-request',
      data: { notification_id: scheduled.id, tenant_id: scheduled.tenant_id, version: 2 },
    });
    expect(options).toEqual({
      deliverAt: new Date(scheduled.scheduled_at),
      target: { kind: 'consumer', consumer: 'notifications.tasks' },
    });
  });

  it("falls back to the origin's correlation id for a notification without one", async () => {
    await enqueueTask(deps, {} as never, row(null), origin);
    expect(enqueued[0]!.events[0]!.correlation_id).toBe('promotion-run');
  });
});
