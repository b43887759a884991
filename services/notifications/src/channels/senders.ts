import type { NotificationsConfig } from '../config';
import type { ChannelSenders } from './channel';
import { emailSender } from './email.sender';
import { httpProviderSender } from './http-provider.sender';

export function createChannelSenders(config: NotificationsConfig): ChannelSenders {
  const timeout = config.CHANNEL_TIMEOUT_MS;
  const key = config.CHANNEL_API_KEY;
  return {
    email: emailSender(config.SMTP_URL, config.MAIL_FROM, timeout),
    whatsapp: httpProviderSender('whatsapp', config.WHATSAPP_API_URL, key, timeout),
    sms: httpProviderSender('sms', config.SMS_API_URL, key, timeout),
    push: httpProviderSender('push', config.PUSH_API_URL, key, timeout),
  };
}
