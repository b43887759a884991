import { Router } from 'express';
import { z } from 'zod';
import { notificationsApi, objectIdSchema } from '@salon/contracts';
import { contextOf, parseInput, requireInternalToken } from '@salon/service-kit';
import { retryNotification, triggerNotification } from '../domain/deliver-notification';
import type { NotificationsDeps } from '../domain/deps';
import { notificationsHealth, promoteNotifications, promotionStats } from '../domain/promote-notifications';

const { triggerBody, retryBody } = notificationsApi;
const retryPath = z.object({ notification_id: objectIdSchema });

const timestamp = () => new Date().toISOString();
const errorBody = (error: unknown) => ({
  status: 'error',
  error: error instanceof Error ? error.message : String(error),
  timestamp: timestamp(),
});

/** The spec's internal notification webhooks, behind the X-Internal-Token credential (404 without it). */
export function webhookRoutes(deps: NotificationsDeps): Router {
  const router = Router();
  router.use('/webhooks/notifications', requireInternalToken(deps.config.INTERNAL_TOKEN));

  router.post('/webhooks/notifications/promote', async (_req, res) => {
    try {
      res.json({ status: 'success', stats: await promoteNotifications(deps), timestamp: timestamp() });
    } catch (error) {
      deps.logger.error({ err: error }, 'promotion run failed');
      res.json(errorBody(error));
    }
  });

  router.post('/webhooks/notifications/trigger', async (req, res) => {
    const body = parseInput(triggerBody, req.body ?? {}, 'body');
    try {
      res.json(
        await triggerNotification(deps, contextOf(req), {
          id: body.scheduled_notification_id,
          tenantId: body.tenant_id,
          version: body.version,
          source: 'webhook',
        }),
      );
    } catch (error) {
      deps.logger.error({ err: error }, 'trigger failed');
      res.json({ status: 'error', notification_id: body.scheduled_notification_id, error: String(error) });
    }
  });

  router.post('/webhooks/notifications/retry/:notification_id', async (req, res) => {
    const { notification_id } = parseInput(retryPath, req.params, 'path');
    const { force } = parseInput(retryBody, req.body ?? {}, 'body');
    res.json(await retryNotification(deps, contextOf(req), { id: notification_id, force: force ?? false }));
  });

  router.get('/webhooks/notifications/promotion-stats', async (_req, res) => {
    try {
      res.json({ status: 'success', ...(await promotionStats(deps)), timestamp: timestamp() });
    } catch (error) {
      res.json(errorBody(error));
    }
  });

  router.get('/webhooks/notifications/health', async (_req, res) => {
    res.json({ ...(await notificationsHealth(deps)), timestamp: timestamp() });
  });

  return router;
}
