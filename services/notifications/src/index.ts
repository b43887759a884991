export { notificationsService, createNotificationsService } from './definition';
export { notificationsConfigSchema, type NotificationsConfig } from './config';
export { startSmtpSandbox, type Sandbox, type SandboxMessage } from './sandbox/sandboxes';
export {
  startWhatsAppSandbox,
  WHATSAPP_SANDBOX_CREDENTIALS,
  type WhatsAppSandbox,
} from './sandbox/whatsapp-sandbox';
export { startTwilioSandbox, TWILIO_SANDBOX_CREDENTIALS, type TwilioSandbox } from './sandbox/twilio-sandbox';
export { startFcmSandbox, FCM_SANDBOX_CREDENTIALS, type FcmSandbox } from './sandbox/fcm-sandbox';
