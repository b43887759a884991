export { notificationsService, createNotificationsService } from './definition';
export { notificationsConfigSchema, type NotificationsConfig } from './config';
export { startHttpSink, startSmtpSandbox, type Sandbox, type SandboxMessage } from './sandbox/sandboxes';
export {
  startWhatsAppSandbox,
  WHATSAPP_SANDBOX_CREDENTIALS,
  type WhatsAppSandbox,
} from './sandbox/whatsapp-sandbox';
export { startTwilioSandbox, TWILIO_SANDBOX_CREDENTIALS, type TwilioSandbox } from './sandbox/twilio-sandbox';
