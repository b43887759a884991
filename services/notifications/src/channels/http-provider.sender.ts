import type { ChannelSender } from './channel';

/**
 * Push (and formerly WhatsApp and SMS) through a provider's HTTP API, the shape documented in docs/decisions.md
 * (Notifications): `POST {base}/messages` with `{to, subject, text, reference}` and an optional
 * `Authorization: Bearer <key>`; any 2xx answer `{id}` is accepted, anything else is a failed send.
 */
export function httpProviderSender(
  channel: string,
  baseUrl: string,
  apiKey: string | undefined,
  timeoutMs: number,
): ChannelSender {
  const url = `${baseUrl.replace(/\/$/, '')}/messages`;
  return {
    async send(message) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (apiKey) headers.authorization = `Bearer ${apiKey}`;
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          to: message.to,
          subject: message.subject,
          text: message.text,
          reference: message.reference,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`${channel} provider answered ${response.status}`);
      const body = (await response.json().catch(() => ({}))) as { id?: unknown };
      return typeof body.id === 'string' ? body.id : '';
    },
  };
}
