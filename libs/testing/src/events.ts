import { randomBytes } from 'node:crypto';
import type { EventData, EventEnvelope, EventType } from '@salon/contracts';
import type { EventBus } from '@salon/messaging';
import { waitFor } from './wait';

/** An event of `type` with its data typed: the bus has already parsed it with the registry's schema. */
export type TypedEvent<T extends EventType> = EventEnvelope<EventData<T>>;

export const isEventOf = <T extends EventType>(event: EventEnvelope, type: T): event is TypedEvent<T> =>
  event.type === type;

export interface EventCapture {
  consumer: string;
  events: EventEnvelope[];
  /** The events of `type` received so far, typed. */
  of<T extends EventType>(type: T): Array<TypedEvent<T>>;
  /** Waits for an event of `type` matching `where`, and returns it. */
  next<T extends EventType>(
    type: T,
    where?: (event: TypedEvent<T>) => boolean,
    timeoutMs?: number,
  ): Promise<TypedEvent<T>>;
}

/** Subscribes a throwaway consumer to `types` and records everything it receives. */
export async function captureEvents(bus: EventBus, types: EventType[]): Promise<EventCapture> {
  const consumer = `test-capture-${randomBytes(3).toString('hex')}`;
  const events: EventEnvelope[] = [];
  await bus.subscribe({ consumer, events: types, handle: async (event) => void events.push(event) });
  const of = <T extends EventType>(type: T): Array<TypedEvent<T>> =>
    events.filter((event): event is TypedEvent<T> => isEventOf(event, type));
  return {
    consumer,
    events,
    of,
    next: (type, where = () => true, timeoutMs = 10_000) =>
      waitFor(() => of(type).find(where), { timeoutMs, message: `No ${type} event arrived` }),
  };
}
