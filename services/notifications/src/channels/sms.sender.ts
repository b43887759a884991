import { PermanentSendError, type ChannelSender } from './channel';
import { PERMANENT_ERROR_CODES, type MessageResource, type TwilioError } from './twilio';

export interface TwilioSettings {
  /** e.g. https://api.twilio.com */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** The sending number (E.164); ignored when messagingServiceSid is set. */
  from?: string;
  messagingServiceSid?: string;
  /** Where Twilio posts the message's status changes; unset: none. */
  statusCallback?: string;
  timeoutMs: number;
}

/**
 * SMS through Twilio's Messages API: `POST {api}/2010-04-01/Accounts/{sid}/Messages.json`, basic auth with the
 * account SID and auth token, a form body. Resolves to the message sid (SM…); an error whose code is in
 * PERMANENT_ERROR_CODES is a PermanentSendError, anything else (other codes, 5xx, no answer) an ordinary error
 * the retry path sends again.
 */
export function smsSender(settings: TwilioSettings): ChannelSender {
  if (!settings.from && !settings.messagingServiceSid)
    throw new Error('Twilio SMS needs TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID');
  const url = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.text });
      if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
      else form.set('From', settings.from!);
      if (settings.statusCallback) form.set('StatusCallback', settings.statusCallback);
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization,
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const body = (await response.json().catch(() => null)) as
        (Partial<Pick<MessageResource, 'sid'>> & Partial<Pick<TwilioError, 'code' | 'message'>>) | null;
      if (response.ok && typeof body?.sid === 'string') return body.sid;
      const description =
        typeof body?.code === 'number'
          ? `twilio error ${body.code}: ${body.message ?? ''}`
          : `twilio answered ${response.status}`;
      if (typeof body?.code === 'number' && response.status < 500 && PERMANENT_ERROR_CODES.has(body.code))
        throw new PermanentSendError(description);
      throw new Error(description);
    },
  };
}
