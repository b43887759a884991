import { Router } from 'express';
import { notificationsApi } from '@salon/contracts';
import { parseInput, unauthorized } from '@salon/service-kit';
import { signatureValid } from '../channels/whatsapp-cloud';
import type { NotificationsDeps } from '../domain/deps';
import { recordWhatsAppStatuses } from '../domain/whatsapp-statuses';

const { whatsAppHandshakeQuery: handshakeQuery, whatsAppStatusWebhook: statusWebhook } = notificationsApi;

/**
 * The WhatsApp Cloud API's webhook, public (Meta calls it): the subscription handshake (GET, answers the
 * challenge when the verify token matches) and the status callbacks (POST, signed with the app secret).
 */
export function whatsAppWebhookRoutes(deps: NotificationsDeps): Router {
  const router = Router();

  router.get('/webhooks/whatsapp', (req, res) => {
    const query = parseInput(handshakeQuery, req.query, 'query');
    if (query['hub.verify_token'] !== deps.config.WHATSAPP_VERIFY_TOKEN) {
      res.status(403).json({ detail: 'Verify token does not match' });
      return;
    }
    res.type('text/plain').send(query['hub.challenge']);
  });

  router.post('/webhooks/whatsapp', async (req, res) => {
    const signature = req.get('x-hub-signature-256');
    if (!req.rawBody || !signatureValid(req.rawBody, signature, deps.config.WHATSAPP_APP_SECRET))
      throw unauthorized('Invalid signature');
    const webhook = parseInput(statusWebhook, req.body ?? {}, 'body');
    res.json(await recordWhatsAppStatuses(deps, webhook));
  });

  return router;
}
