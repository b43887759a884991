export { notificationsService, createNotificationsService } from './definition';
export { notificationsConfigSchema, type NotificationsConfig } from './config';
export { startHttpSink, startSmtpSandbox, type Sandbox, type SandboxMessage } from './sandbox/sandboxes';
export {
  startWhatsAppSandbox,
  WHATSAPP_SANDBOX_CREDENTIALS,
  type WhatsAppSandbox,
} from './sandbox/whatsapp-sandbox';
