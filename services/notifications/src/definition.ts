import { join } from 'node:path';
import type { ServiceDefinition } from '@salon/runtime';
import { loadMigrationDir } from '@salon/service-kit';
import type { ChannelSenders } from './channels/channel';
import { createChannelSenders } from './channels/senders';
import { notificationsConfigSchema, type NotificationsConfig } from './config';
import * as devices from './db/push-device.repository';
import { systemClock, type Clock, type NotificationsDeps } from './domain/deps';
import { registerDeliveryMetrics } from './domain/delivery-metrics';
import { notificationsSubscriptions } from './events/subscriptions';
import { deviceRoutes } from './http/device.routes';
import { webhookEndpointRoutes } from './http/webhook-endpoint.routes';
import { webhookRoutes } from './http/webhook.routes';
import { twilioWebhookRoutes } from './http/twilio-webhook.routes';
import { whatsAppWebhookRoutes } from './http/whatsapp-webhook.routes';

/**
 * Every outbound message: scheduled notifications on two tiers (database, then the broker's delay ladder),
 * e-mail over SMTP, WhatsApp (Cloud API), SMS (Twilio) and push (FCM) over the providers' HTTP APIs, monthly channel quotas, internal webhooks.
 * `senders` and `clock` are for tests.
 */
export function createNotificationsService({
  clock = systemClock,
  senders,
}: { clock?: Clock; senders?: ChannelSenders } = {}): ServiceDefinition<NotificationsConfig> {
  return {
    name: 'notifications',
    configSchema: notificationsConfigSchema,
    migrations: loadMigrationDir(join(__dirname, '..', 'migrations')),
    retention: (config) => [
      {
        schema: 'notifications',
        table: 'deliveries',
        timeColumn: 'created_at',
        days: config.RETENTION_DELIVERY_DAYS,
      },
      {
        schema: 'notifications',
        table: 'audit_log',
        timeColumn: 'created_at',
        days: config.RETENTION_AUDIT_DAYS,
      },
      // Outbound webhook deliveries (their attempts go with them), kept like the channel deliveries.
      {
        schema: 'notifications',
        table: 'webhook_deliveries',
        timeColumn: 'created_at',
        days: config.RETENTION_DELIVERY_DAYS,
      },
    ],
    build({ config, db, bus, store, plans, verifier, logger, app }) {
      const channelSenders =
        senders ??
        createChannelSenders(config, {
          tokensOf: (customerId) => devices.tokensOf(db.orm, customerId),
          remove: (token) => db.withTx((tx) => devices.deleteToken(tx, token)),
        });
      const deps: NotificationsDeps = {
        db,
        bus,
        store,
        plans,
        config,
        senders: channelSenders,
        logger,
        clock,
      };
      registerDeliveryMetrics();
      app.use(webhookRoutes(deps));
      app.use(whatsAppWebhookRoutes(deps));
      app.use(twilioWebhookRoutes(deps));
      app.use(deviceRoutes(deps, verifier));
      app.use(webhookEndpointRoutes(deps, verifier));
      return {
        subscriptions: notificationsSubscriptions(deps),
        async close() {
          for (const sender of Object.values(channelSenders)) sender.close?.();
        },
      };
    },
  };
}

export const notificationsService = createNotificationsService();
