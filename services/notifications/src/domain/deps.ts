import type { EventBus, MessagingStore } from '@salon/messaging';
import type { PlanLimitsReplica } from '@salon/plan-limits';
import type { Db, Logger } from '@salon/service-kit';
import type { ChannelSenders } from '../channels/channel';
import type { NotificationsConfig } from '../config';

export const PRODUCER = 'notifications';
/** The consumer (and queue) of the task tier: tasks reach it through the delay ladder. */
export const TASK_CONSUMER = 'notifications.tasks';
export const TASK_EVENT = 'notifications.task.due.v1';
/** The consumer (and queue) of outbound webhook attempts, reached through the delay ladder. */
export const WEBHOOK_ATTEMPT_CONSUMER = 'notifications.webhook-attempts';
export const WEBHOOK_ATTEMPT_EVENT = 'notifications.webhook.due.v1';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface NotificationsDeps {
  db: Db;
  bus: EventBus;
  store: MessagingStore;
  plans: PlanLimitsReplica;
  config: NotificationsConfig;
  senders: ChannelSenders;
  logger: Logger;
  clock: Clock;
}
