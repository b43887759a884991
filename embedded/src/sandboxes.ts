import { createServer } from 'node:net';
import { startHttpSink, startSmtpSandbox, type Sandbox } from '@salon/notifications';
import { startSandboxProvider, type SandboxProvider } from '@salon/payment-provider';

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
  secrets: { callbackToken: string },
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
      PAYMENT_CALLBACK_TOKEN: secrets.callbackToken,
    });
    links.payments = `${provider.url}/v2/invoices`;
    stops.push(() => provider.stop());
  }

  const channels: Array<[string, () => Promise<Sandbox>]> = [
    ['SMTP_URL', () => startSmtpSandbox({ host: '127.0.0.1' })],
    ['WHATSAPP_API_URL', () => startHttpSink({ host: '127.0.0.1' })],
    ['SMS_API_URL', () => startHttpSink({ host: '127.0.0.1' })],
    ['PUSH_API_URL', () => startHttpSink({ host: '127.0.0.1' })],
  ];
  for (const [variable, start] of channels) {
    if (env[variable]) continue;
    const sandbox = await start();
    settings[variable] = sandbox.url;
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

/** A free loopback port, so the public address is known before the gateway starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
