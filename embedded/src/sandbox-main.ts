import { z } from 'zod';
import {
  startFcmSandbox,
  startSmtpSandbox,
  startTwilioSandbox,
  startWhatsAppSandbox,
} from '@salon/notifications';
import { startSandboxProvider } from '@salon/payment-provider';
import { createLogger, createShutdown, loadConfig } from '@salon/service-kit';

/**
 * The provider sandboxes as one process of their own, for the distributed mode (docker compose, Kubernetes,
 * the whole-platform tests): the payment provider, an SMTP server and the WhatsApp Cloud API, Twilio and FCM
 * sandboxes, each on a fixed port so the services can be configured with their addresses.
 */
const port = z.coerce.number().int().min(1).max(65535);
const config = loadConfig(
  z.object({
    HOST: z.string().default('0.0.0.0'),
    /** Address the services use to reach this process (for the printed settings). */
    PUBLIC_HOST: z.string().default('127.0.0.1'),
    PAYMENT_PORT: port.default(4010),
    PAYMENT_SECRET_KEY: z.string().min(1),
    PAYMENT_CALLBACK_TOKEN: z.string().min(16),
    PAYMENT_CALLBACK_URL: z.string().url().optional(),
    SMTP_PORT: port.default(2525),
    SMTP_LIST_PORT: port.default(4011),
    WHATSAPP_PORT: port.default(4012),
    /** The notifications webhook the WhatsApp sandbox's status callbacks go to (through the gateway). */
    WHATSAPP_CALLBACK_URL: z.string().url().optional(),
    SMS_PORT: port.default(4013),
    PUSH_PORT: port.default(4014),
    LOG_LEVEL: z.string().default('info'),
  }),
);

async function main() {
  const logger = createLogger({ service: 'sandboxes', level: config.LOG_LEVEL });
  const shutdown = createShutdown(logger);
  const host = config.HOST;
  const provider = await startSandboxProvider({
    secretKey: config.PAYMENT_SECRET_KEY,
    callbackToken: config.PAYMENT_CALLBACK_TOKEN,
    defaultCallbackUrl: config.PAYMENT_CALLBACK_URL,
    host,
    port: config.PAYMENT_PORT,
  });
  shutdown.register('payment provider', () => provider.stop());
  const smtp = await startSmtpSandbox({ host, port: config.SMTP_PORT, httpPort: config.SMTP_LIST_PORT });
  shutdown.register('smtp', () => smtp.close());
  const whatsapp = await startWhatsAppSandbox({
    host,
    port: config.WHATSAPP_PORT,
    callbackUrl: config.WHATSAPP_CALLBACK_URL,
  });
  shutdown.register('whatsapp', () => whatsapp.close());
  const sms = await startTwilioSandbox({ host, port: config.SMS_PORT });
  shutdown.register('sms', () => sms.close());
  const push = await startFcmSandbox({ host, port: config.PUSH_PORT });
  shutdown.register('push', () => push.close());
  shutdown.installSignalHandlers();
  const at = (p: number) => `http://${config.PUBLIC_HOST}:${p}`;
  logger.info(
    {
      PAYMENT_PROVIDER_URL: at(config.PAYMENT_PORT),
      SMTP_URL: `smtp://${config.PUBLIC_HOST}:${config.SMTP_PORT}`,
      smtp_messages: at(config.SMTP_LIST_PORT),
      WHATSAPP_API_URL: at(config.WHATSAPP_PORT),
      SMS_API_URL: at(config.SMS_PORT),
      FCM_API_URL: at(config.PUSH_PORT),
      FCM_TOKEN_URL: `${at(config.PUSH_PORT)}/token`,
    },
    'sandboxes ready',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Sandboxes failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
