import {
  FCM_SANDBOX_CREDENTIALS,
  WHATSAPP_SANDBOX_CREDENTIALS,
  startFcmSandbox,
  startSmtpSandbox,
  startTwilioSandbox,
  startWhatsAppSandbox,
  TWILIO_SANDBOX_CREDENTIALS,
  type Sandbox,
} from '@salon/notifications';
import { startSandboxProvider, type SandboxProvider } from '@salon/payment-provider';
import { portIfFree } from '@salon/service-kit';

export interface ProviderSandboxes {
  /** Settings for the services, in their environment variable names. */
  env: Record<string, string>;
  /** Where a person sees what was "sent" and "paid". */
  links: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Embedded mode has no real payment, e-mail, WhatsApp, SMS or push provider: it runs sandboxes of the same
 * protocols (the same ones the tests use) unless the environment already names real providers.
 */
export async function startProviderSandboxes(
  env: Record<string, string | undefined>,
  secrets: { callbackToken: string; whatsAppCallbackUrl: string },
): Promise<ProviderSandboxes> {
  const settings: Record<string, string> = {};
  const links: Record<string, string> = {};
  const stops: Array<() => Promise<void>> = [];

  if (!env.PAYMENT_PROVIDER_URL) {
    const secretKey = 'embedded-sandbox-secret-key';
    const provider: SandboxProvider = await startSandboxProvider({
      secretKey,
      callbackToken: secrets.callbackToken,
      host: '127.0.0.1',
    });
    Object.assign(settings, {
      PAYMENT_PROVIDER_URL: provider.url,
      PAYMENT_PROVIDER_SECRET_KEY: secretKey,
    });
    links.payments = `${provider.url}/v2/invoices`;
    stops.push(() => provider.stop());
  }

  const channels: Array<[string, () => Promise<Sandbox>]> = [
    // The listing on the distributed mode's fixed port when it is free, so `npm run seed` finds it unasked.
    [
      'SMTP_URL',
      async () => startSmtpSandbox({ host: '127.0.0.1', httpPort: await portIfFree(SMTP_LIST_PORT) }),
    ],
    [
      'WHATSAPP_API_URL',
      () => startWhatsAppSandbox({ host: '127.0.0.1', callbackUrl: secrets.whatsAppCallbackUrl }),
    ],
    ['SMS_API_URL', () => startTwilioSandbox({ host: '127.0.0.1' })],
    ['FCM_API_URL', () => startFcmSandbox({ host: '127.0.0.1' })],
  ];
  for (const [variable, start] of channels) {
    if (env[variable]) continue;
    const sandbox = await start();
    settings[variable] = sandbox.url;
    if (variable === 'WHATSAPP_API_URL') Object.assign(settings, WHATSAPP_SANDBOX_CREDENTIALS);
    if (variable === 'SMS_API_URL') Object.assign(settings, TWILIO_SANDBOX_CREDENTIALS);
    if (variable === 'FCM_API_URL')
      Object.assign(settings, { FCM_TOKEN_URL: `${sandbox.url}/token`, ...FCM_SANDBOX_CREDENTIALS });
    links[variable.replace(/_(URL|API_URL)$/, '').toLowerCase()] = sandbox.listUrl;
    stops.push(() => sandbox.close());
  }

  return {
    env: settings,
    links,
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}

/** Where the sandboxes process lists e-mails (embedded/src/sandbox-main.ts); the seed's default. */
const SMTP_LIST_PORT = 4011;
