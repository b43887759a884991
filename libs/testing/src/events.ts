import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@salon/contracts';
import type { EventBus } from '@salon/messaging';
import { waitFor } from './wait';

export interface EventCapture {
  consumer: string;
  events: EventEnvelope[];
  /** Waits for an event of `type` matching `where`, and returns it. */
  next(type: string, where?: (event: EventEnvelope) => boolean, timeoutMs?: number): Promise<EventEnvelope>;
}

/** Subscribes a throwaway consumer to `types` and records everything it receives. */
export async function captureEvents(bus: EventBus, types: string[]): Promise<EventCapture> {
  const consumer = `test-capture-${randomBytes(3).toString('hex')}`;
  const events: EventEnvelope[] = [];
  await bus.subscribe({ consumer, events: types, handle: async (event) => void events.push(event) });
  return {
    consumer,
    events,
    next: (type, where = () => true, timeoutMs = 10_000) =>
      waitFor(() => events.find((event) => event.type === type && where(event)), {
        timeoutMs,
        message: `No ${type} event arrived`,
      }),
  };
}
