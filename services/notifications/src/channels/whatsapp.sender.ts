import { PermanentSendError, type ChannelSender, type OutboundMessage } from './channel';
import {
  PERMANENT_ERROR_CODES,
  type GraphError,
  type SendAnswer,
  type TemplateMessage,
} from './whatsapp-cloud';

export interface WhatsAppSettings {
  /** e.g. https://graph.facebook.com */
  apiUrl: string;
  /** Graph API version, e.g. v21.0 */
  apiVersion: string;
  phoneNumberId: string;
  accessToken: string;
  timeoutMs: number;
}

/**
 * The template each message goes out as: one approved template per notification kind, `salon_<kind>`, in the
 * message's language, whose body has one variable, the rendered text. The Cloud API refuses a parameter with
 * line breaks, tabs or more than four spaces in a row (132018), so lines are joined with " · ".
 */
export function templateMessage(message: OutboundMessage): TemplateMessage {
  const text = message.text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' · ');
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: `salon_${message.kind}`,
      language: { code: message.language },
      components: [{ type: 'body', parameters: [{ type: 'text', text }] }],
    },
    biz_opaque_callback_data: message.reference,
  };
}

/**
 * WhatsApp Business Cloud API: `POST {api}/{version}/{phone_number_id}/messages` with a bearer token. Resolves to
 * the message id (wamid) the status webhook later reports on; an error whose code is in PERMANENT_ERROR_CODES is
 * a PermanentSendError, anything else (other codes, 5xx, no answer) an ordinary error the retry path sends again.
 */
export function whatsAppSender(settings: WhatsAppSettings): ChannelSender {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/${settings.apiVersion}/${settings.phoneNumberId}/messages`;
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.accessToken}` },
        body: JSON.stringify(templateMessage(message)),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const body = (await response.json().catch(() => null)) as Partial<SendAnswer & GraphError> | null;
      if (response.ok && body?.messages?.[0]?.id) return body.messages[0].id;
      const error = body?.error;
      const description = error
        ? `whatsapp error ${error.code}: ${error.message}`
        : `whatsapp answered ${response.status}`;
      if (error && response.status < 500 && PERMANENT_ERROR_CODES.has(error.code))
        throw new PermanentSendError(description);
      throw new Error(description);
    },
  };
}
