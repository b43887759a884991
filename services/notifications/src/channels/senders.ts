import type { NotificationsConfig } from '../config';
import type { ChannelSenders } from './channel';
import { emailSender } from './email.sender';
import { httpProviderSender } from './http-provider.sender';
import { smsSender } from './sms.sender';
import { whatsAppSender } from './whatsapp.sender';

export function createChannelSenders(config: NotificationsConfig): ChannelSenders {
  const timeout = config.CHANNEL_TIMEOUT_MS;
  const key = config.CHANNEL_API_KEY;
  return {
    email: emailSender(config.SMTP_URL, config.MAIL_FROM, timeout),
    whatsapp: whatsAppSender({
      apiUrl: config.WHATSAPP_API_URL,
      apiVersion: config.WHATSAPP_API_VERSION,
      phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
      accessToken: config.WHATSAPP_ACCESS_TOKEN,
      timeoutMs: timeout,
    }),
    sms: smsSender({
      apiUrl: config.SMS_API_URL,
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      from: config.TWILIO_FROM,
      messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
      timeoutMs: timeout,
    }),
    push: httpProviderSender('push', config.PUSH_API_URL, key, timeout),
  };
}
