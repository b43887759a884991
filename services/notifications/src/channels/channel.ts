export const CHANNELS = ['email', 'whatsapp', 'sms', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

/** One rendered message for one channel. `to` is an e-mail address, a phone number, or (push) a customer id. */
export interface OutboundMessage {
  to: string;
  subject: string;
  text: string;
  /** The scheduled notification (or event) this message belongs to, for the provider's records. */
  reference: string;
}

export interface ChannelSender {
  /** Resolves to the provider's message id; rejects when the provider refused or could not be reached. */
  send(message: OutboundMessage): Promise<string>;
  close?(): void;
}

export type ChannelSenders = Record<Channel, ChannelSender>;
