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
