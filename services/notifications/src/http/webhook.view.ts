import type { notificationsHealth } from '../domain/notifications-health';
import type { promoteNotifications } from '../domain/promote-notifications';
import type { promotionStats } from '../domain/promotion-stats';

type Result<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

const timestamp = () => new Date().toISOString();
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** POST /webhooks/notifications/promote: the run's statistics. */
export const promotionRunView = (stats: Result<typeof promoteNotifications>) => ({
  status: 'success',
  stats,
  timestamp: timestamp(),
});

/** GET /webhooks/notifications/promotion-stats. */
export const promotionStatsView = (stats: Result<typeof promotionStats>) => ({
  status: 'success',
  ...stats,
  timestamp: timestamp(),
});

/** GET /webhooks/notifications/health. */
export const healthView = (health: Result<typeof notificationsHealth>) => ({
  ...health,
  timestamp: timestamp(),
});

/** The spec's error form of the promotion webhooks: still 200, with the error in the body. */
export const webhookErrorView = (error: unknown) => ({
  status: 'error',
  error: messageOf(error),
  timestamp: timestamp(),
});

/** POST /webhooks/notifications/trigger when sending threw: 200 with the error in the body. */
export const triggerErrorView = (notificationId: string, error: unknown) => ({
  status: 'error',
  notification_id: notificationId,
  error: String(error),
});
