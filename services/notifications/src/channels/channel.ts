export const CHANNELS = ['email', 'whatsapp', 'sms', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

/** A file sent with an e-mail (the other channels carry none). */
export interface MessageAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** One rendered message for one channel. `to` is an e-mail address, a phone number, or (push) a customer id. */
export interface OutboundMessage {
  to: string;
  subject: string;
  text: string;
  /** The scheduled notification (or event) this message belongs to, for the provider's records. */
  reference: string;
  /** What the message is about (a notification kind); a template channel picks its template by it. */
  kind: string;
  /** The language the text is in (en, id); a template channel sends the template of this language. */
  language: string;
  /** Files to attach (e-mail only), such as the appointment as an .ics event. */
  attachments?: readonly MessageAttachment[];
}

/**
 * A refusal that sending the same message again would meet again (an invalid number, a bad parameter): the
 * delivery is recorded as rejected and the retry path leaves the channel alone. Any other error is transient.
 */
export class PermanentSendError extends Error {
  override name = 'PermanentSendError';
}

export interface ChannelSender {
  /** Resolves to the provider's message id; rejects when the provider refused or could not be reached. */
  send(message: OutboundMessage): Promise<string>;
  close?(): void;
}

export type ChannelSenders = Record<Channel, ChannelSender>;
