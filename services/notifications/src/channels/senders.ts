import type { NotificationsConfig } from '../config';
import type { ChannelSenders } from './channel';
import { emailSender } from './email.sender';
import { pushSender, type PushDevices } from './push.sender';
import { smsSender } from './sms.sender';
import { statusCallbackUrl } from './twilio';
import { whatsAppSender } from './whatsapp.sender';

/** The four channel adapters; push reads and prunes the customers' registered devices through `devices`. */
export function createChannelSenders(config: NotificationsConfig, devices: PushDevices): ChannelSenders {
  const timeout = config.CHANNEL_TIMEOUT_MS;
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
      statusCallback: statusCallbackUrl(config.PUBLIC_BASE_URL),
      timeoutMs: timeout,
    }),
    push: pushSender(
      {
        apiUrl: config.FCM_API_URL,
        tokenUrl: config.FCM_TOKEN_URL,
        serviceAccount: config.FCM_SERVICE_ACCOUNT_JSON,
        timeoutMs: timeout,
      },
      devices,
    ),
  };
}
