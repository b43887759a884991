export { notificationsService, createNotificationsService } from './definition';
export { notificationsConfigSchema, type NotificationsConfig } from './config';
export { startHttpSink, startSmtpSandbox, type Sandbox, type SandboxMessage } from './sandbox/sandboxes';
