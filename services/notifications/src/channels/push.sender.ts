import { JWT } from 'google-auth-library';
import { PermanentSendError, type ChannelSender } from './channel';
import {
  FCM_SCOPE,
  GOOGLE_TOKEN_URL,
  PERMANENT_ERROR_CODES,
  fcmErrorCodeOf,
  type SendAnswer,
  type SendRequest,
  type ServiceAccount,
} from './fcm';

export interface FcmSettings {
  /** e.g. https://fcm.googleapis.com */
  apiUrl: string;
  /** Where the service-account assertion is exchanged for an access token, e.g. https://oauth2.googleapis.com/token. */
  tokenUrl: string;
  serviceAccount: ServiceAccount;
  timeoutMs: number;
}

/** A customer's registered device tokens (push's addresses), and removal of one FCM says is no good. */
export interface PushDevices {
  tokensOf(customerId: string): Promise<string[]>;
  remove(token: string): Promise<void>;
}

/**
 * The OAuth2 client of the service account: google-auth-library signs the RS256 assertion, exchanges it and
 * caches the access token until shortly before it expires. Its token endpoint is Google's, fixed inside the
 * library, so a request to it is sent to `tokenUrl` instead (the FCM sandbox); the assertion's `aud` stays
 * Google's, as the real endpoint requires.
 */
function serviceAccountClient(settings: FcmSettings): JWT {
  const client = new JWT({
    email: settings.serviceAccount.client_email,
    key: settings.serviceAccount.private_key,
    keyId: settings.serviceAccount.private_key_id,
    scopes: [FCM_SCOPE],
    // Node's own fetch, as every other adapter uses; gaxios would otherwise import node-fetch on first use.
    transporterOptions: { fetchImplementation: fetch, timeout: settings.timeoutMs },
  });
  if (settings.tokenUrl !== GOOGLE_TOKEN_URL) {
    client.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (options.url.toString() === GOOGLE_TOKEN_URL) options.url = new URL(settings.tokenUrl);
        return options;
      },
    });
  }
  return client;
}

type DeviceOutcome = { sent: string } | { permanent: string } | { transient: string };

/**
 * Push over Firebase Cloud Messaging HTTP v1: `POST {api}/v1/projects/{project_id}/messages:send` with the
 * service account's bearer token, one request per registered device of the customer (`to` is the customer id).
 * A device FCM answers UNREGISTERED, INVALID_ARGUMENT or SENDER_ID_MISMATCH is removed. Resolves to the message
 * names when at least one device got it; otherwise a transient failure on any device is an ordinary error the
 * retry path sends again, and only permanent ones (or no device left) a PermanentSendError.
 */
export function pushSender(settings: FcmSettings, devices: PushDevices): ChannelSender {
  const auth = serviceAccountClient(settings);
  const url = `${settings.apiUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(settings.serviceAccount.project_id)}/messages:send`;

  async function sendTo(token: string, request: SendRequest, accessToken: string): Promise<DeviceOutcome> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(settings.timeoutMs),
    }).catch((error: unknown) => error as Error);
    if (response instanceof Error) return { transient: `fcm unreachable: ${response.message}` };
    const body = (await response.json().catch(() => null)) as Partial<SendAnswer> | null;
    if (response.ok && typeof body?.name === 'string') return { sent: body.name };
    const code = fcmErrorCodeOf(body);
    const description = `fcm error ${code ?? response.status}`;
    if (code && PERMANENT_ERROR_CODES.has(code)) {
      await devices.remove(token);
      return { permanent: description };
    }
    return { transient: description };
  }

  return {
    async send(message) {
      const tokens = await devices.tokensOf(message.to);
      if (tokens.length === 0) throw new PermanentSendError('push: no registered device');
      const accessToken = await auth.getAccessToken().then(
        (answer) => answer.token,
        (error: unknown) => {
          // Gaxios puts the token endpoint's answer ({error, error_description}) on the error it throws.
          const answer = (error as { response?: { data?: unknown } }).response?.data;
          const detail = answer
            ? JSON.stringify(answer)
            : error instanceof Error
              ? error.message
              : String(error);
          throw new Error(`fcm token request failed: ${detail}`, { cause: error });
        },
      );
      if (!accessToken) throw new Error('fcm token request failed: no access token');
      const outcomes: DeviceOutcome[] = [];
      for (const token of tokens) {
        const request: SendRequest = {
          message: {
            token,
            notification: { title: message.subject, body: message.text },
            data: { reference: message.reference, kind: message.kind },
          },
        };
        outcomes.push(await sendTo(token, request, accessToken));
      }
      const sent = outcomes.flatMap((o) => ('sent' in o ? [o.sent] : []));
      if (sent.length > 0) return sent.join(',');
      const transient = outcomes.find((o) => 'transient' in o);
      if (transient && 'transient' in transient) throw new Error(transient.transient);
      throw new PermanentSendError(outcomes.map((o) => ('permanent' in o ? o.permanent : '')).join('; '));
    },
  };
}
