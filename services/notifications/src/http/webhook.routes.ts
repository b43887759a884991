import { Router } from 'express';
import { z } from 'zod';
import { notificationsApi, objectIdSchema } from '@salon/contracts';
import { contextOf, parseInput, requireInternalToken } from '@salon/service-kit';
import type { NotificationsDeps } from '../domain/deps';
import { notificationsHealth } from '../domain/notifications-health';
import { promoteNotifications } from '../domain/promote-notifications';
import { promotionStats } from '../domain/promotion-stats';
import { retryNotification } from '../domain/retry-notification';
import { triggerNotification } from '../domain/trigger-notification';
import {
  healthView,
  promotionRunView,
  promotionStatsView,
  triggerErrorView,
  webhookErrorView,
} from './webhook.view';

const { triggerBody, retryBody } = notificationsApi;
const retryPath = z.object({ notification_id: objectIdSchema });

/** The spec's internal notification webhooks, behind the X-Internal-Token credential (404 without it). */
export function webhookRoutes(deps: NotificationsDeps): Router {
  const router = Router();
  router.use('/webhooks/notifications', requireInternalToken(deps.config.INTERNAL_TOKEN));

  router.post('/webhooks/notifications/promote', async (req, res) => {
    try {
      res.json(promotionRunView(await promoteNotifications(deps, contextOf(req))));
    } catch (error) {
      deps.logger.error({ err: error }, 'promotion run failed');
      res.json(webhookErrorView(error));
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
      res.json(triggerErrorView(body.scheduled_notification_id, error));
    }
  });

  router.post('/webhooks/notifications/retry/:notification_id', async (req, res) => {
    const { notification_id } = parseInput(retryPath, req.params, 'path');
    const { force } = parseInput(retryBody, req.body ?? {}, 'body');
    res.json(await retryNotification(deps, contextOf(req), { id: notification_id, force: force ?? false }));
  });

  router.get('/webhooks/notifications/promotion-stats', async (req, res) => {
    try {
      res.json(promotionStatsView(await promotionStats(deps, contextOf(req))));
    } catch (error) {
      res.json(webhookErrorView(error));
    }
  });

  router.get('/webhooks/notifications/health', async (req, res) => {
    res.json(healthView(await notificationsHealth(deps, contextOf(req))));
  });

  return router;
}
