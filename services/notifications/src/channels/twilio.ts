import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The parts of Twilio's Messages API (2010-04-01) this platform speaks, shared by the SMS adapter and its sandbox:
 * the form-encoded create-message request, the message resource it answers, the error body and which error
 * codes are permanent.
 */

/** `POST {api}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded. */
export interface CreateMessageForm {
  To: string;
  /** The sending number; or MessagingServiceSid instead. */
  From?: string;
  MessagingServiceSid?: string;
  Body: string;
  StatusCallback?: string;
}

/** The message resource Twilio answers (201) when it accepted a message; fields we do not read are left out. */
export interface MessageResource {
  sid: string;
  account_sid: string;
  messaging_service_sid: string | null;
  to: string;
  from: string | null;
  body: string;
  status: 'accepted' | 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';
  num_segments: string;
  direction: 'outbound-api';
  api_version: '2010-04-01';
  price: string | null;
  price_unit: string;
  error_code: number | null;
  error_message: string | null;
  uri: string;
  date_created: string;
  date_updated: string;
  date_sent: string | null;
}

/** Twilio's REST error body. */
export interface TwilioError {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

/**
 * Error codes that sending the same message again would meet again. Any other code (20429 too many requests,
 * 20003 authentication, 5xx, codes we do not know) is transient: a needless retry costs one message at most,
 * a wrongly permanent failure loses one.
 */
export const PERMANENT_ERROR_CODES: ReadonlySet<number> = new Set([
  21211, // invalid 'To' phone number
  21408, // permission to send to this region not enabled
  21610, // recipient unsubscribed (replied STOP)
  21612, // 'To' number not reachable by this 'From' number
  21614, // 'To' number is not a mobile number
]);

/** Twilio's date format (RFC 2822), e.g. "Thu, 26 Nov 2026 16:35:31 +0000". */
export const twilioDate = (at: Date) => at.toUTCString().replace('GMT', '+0000');

/** The path (under the gateway's /api/v1) where Twilio posts message status callbacks. */
export const STATUS_CALLBACK_PATH = '/webhooks/twilio/status';

/** The StatusCallback URL the adapter sends and the route checks signatures against: the gateway's public one. */
export const statusCallbackUrl = (publicBaseUrl: string) =>
  `${publicBaseUrl.replace(/\/+$/, '')}/api/v1${STATUS_CALLBACK_PATH}`;

/**
 * The form Twilio posts to StatusCallback when a message's status changes; ErrorCode comes with undelivered and
 * failed. Twilio adds fields over time, so the signature is over whatever was posted, not only these.
 */
export interface StatusCallbackForm {
  AccountSid: string;
  MessageSid: string;
  SmsSid: string;
  MessageStatus: MessageResource['status'];
  SmsStatus: MessageResource['status'];
  To: string;
  From: string;
  ApiVersion: '2010-04-01';
  MessagingServiceSid?: string;
  ErrorCode?: string;
}

/**
 * `X-Twilio-Signature`: base64 HMAC-SHA1, keyed with the auth token, of the full URL Twilio called followed by
 * every POST parameter sorted by name, each as name + value with no separators (twilio.com/docs/usage/security).
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

export function twilioSignatureValid(
  authToken: string,
  url: string,
  params: Record<string, string>,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
