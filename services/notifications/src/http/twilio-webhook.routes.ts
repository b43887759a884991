import express, { Router } from 'express';
import { notificationsApi } from '@salon/contracts';
import { parseInput, unauthorized } from '@salon/service-kit';
import { STATUS_CALLBACK_PATH, statusCallbackUrl, twilioSignatureValid } from '../channels/twilio';
import type { NotificationsDeps } from '../domain/deps';
import { recordTwilioStatus } from '../domain/twilio-statuses';

/**
 * Twilio's message status callback, public (Twilio calls it through the gateway): form-encoded, signed with the
 * auth token over the URL Twilio was given as StatusCallback (the gateway's public one, not this service's).
 */
export function twilioWebhookRoutes(deps: NotificationsDeps): Router {
  const router = Router();
  const signedUrl = statusCallbackUrl(deps.config.PUBLIC_BASE_URL);

  router.post(STATUS_CALLBACK_PATH, express.urlencoded({ extended: false }), async (req, res) => {
    const form = (typeof req.body === 'object' && req.body ? req.body : {}) as Record<string, unknown>;
    const params = Object.fromEntries(
      Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const valid =
      Object.keys(params).length === Object.keys(form).length &&
      twilioSignatureValid(deps.config.TWILIO_AUTH_TOKEN, signedUrl, params, req.get('x-twilio-signature'));
    if (!valid) throw unauthorized('Invalid signature');
    const callback = parseInput(notificationsApi.twilioStatusCallback, params, 'body');
    res.json(await recordTwilioStatus(deps, callback));
  });

  return router;
}
