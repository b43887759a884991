import { getOrCreateCounter } from '@salon/service-kit';

export const eventsPublished = () =>
  getOrCreateCounter({
    name: 'events_published_total',
    help: 'Integration events confirmed by the broker',
    labelNames: ['transport', 'type'],
  });

export const eventsConsumed = () =>
  getOrCreateCounter({
    name: 'events_consumed_total',
    help: 'Deliveries handled by consumers, by outcome (ack, retry, dead_letter)',
    labelNames: ['consumer', 'type', 'outcome'],
  });
