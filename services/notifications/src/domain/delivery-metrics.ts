import { getOrCreateCounter } from '@salon/service-kit';
import { CHANNELS, type Channel } from '../channels/channel';

/**
 * What became of one message on one channel: `sent` (the provider took it), `failed` (a transient refusal or
 * the provider unreachable: retried), `rejected` (refused for good: not retried), `blocked` (not tried:
 * quota, consent, no address) and `undelivered` (taken, then reported failed by the provider's status
 * callback). `blocked` is a rule of the platform, not a failure of the channel.
 */
export const DELIVERY_OUTCOMES = ['sent', 'failed', 'rejected', 'blocked', 'undelivered'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

const deliveries = () =>
  getOrCreateCounter({
    name: 'notification_deliveries_total',
    help: 'Notification deliveries by channel and outcome (sent, failed, rejected, blocked, undelivered)',
    labelNames: ['channel', 'outcome'],
  });

/** Every channel and outcome exists from the start at 0, so a failure rate can be computed from the first one. */
export function registerDeliveryMetrics(): void {
  for (const channel of CHANNELS)
    for (const outcome of DELIVERY_OUTCOMES) deliveries().inc({ channel, outcome }, 0);
}

/** Counts one delivery outcome; the one place every channel (and its status callbacks) reports to. */
export function countDelivery(channel: Channel, outcome: DeliveryOutcome): void {
  deliveries().inc({ channel, outcome });
}
