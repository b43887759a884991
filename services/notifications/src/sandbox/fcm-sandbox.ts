import { createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import {
  FCM_SCOPE,
  GOOGLE_TOKEN_URL,
  JWT_BEARER_GRANT,
  fcmError,
  sendRequestSchema,
  type FcmErrorCode,
  type SendAnswer,
  type ServiceAccount,
} from '../channels/fcm';
import { closeHttp, listen, listing, type Sandbox, type SandboxMessage } from './sandboxes';

/**
 * The FCM sandbox's service account: a key pair made for the sandbox alone (it signs nothing anywhere else),
 * fixed so that the sandboxes process and a notifications service started apart (compose, e2e) agree on it.
 */
const SANDBOX_SERVICE_ACCOUNT: ServiceAccount = {
  type: 'service_account',
  project_id: 'salon-sandbox',
  private_key_id: 'sandbox-key-1',
  private_key: [
    '-----BEGIN PRIVATE KEY-----',
    'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCPA8iTt32/ra2i',
    'WFEFlHJ+Xl4ig8n/rvGvlNk3cbWNgECeWrJWsOEQps6TFWetuQj9yBB53vRiHP8B',
    'gAbOsuj3Xh9Z5zXQBDdpEPx0dFxeuW9TANzpBR8yRmJ0jKwVLDeGc+Z5eko8STdE',
    'NKoX5NDHPFHWtNrlWRIn2miA67YDFiYEv2CpNioPMAV2whvoA7Es4z03JM4Dtaeu',
    'O9TWVlMmV6Bj/B/gCLySWCE8KP6QTU/DhxWfWXBCwOhdF5TdWd1TYb1TMoY6HM0X',
    'X8sIBIrlu+U2HmI+c3FXCcncTZ5E9e3ug64vtKMd83gvd0AZ/8hoq2b9km9igVwu',
    'njL2J/clAgMBAAECggEAAYhyWXcBj5DuiAt3Tt6A/a7IRolwHGAFMjMfwvLildI2',
    'nxvsxnYd635GP5hepKOTn5jJ6GyF5RlXeG4lZIjRa3lkT6PlVUX+TA+FDUCEDvXg',
    '5hxfwdWuuGy9uG8blxyCudu7MDkp24yTXZVM73Wh8UjJvcnxgLzcL3YtYZhlOpI5',
    'mlpZx4rg62Tio3+YZ/jrgNOZ3ffl9/kuMTXwFEbSmq1VHtdUB2lYs9+7Chk0gRts',
    'zGUQbm7dGKiJWeMcCYUlZRjirvb2zTJGFY8ipYCLMrQ26MFhyWHMU8j/dvrSpq+O',
    'PgTeSeWTUeTscqRQvg/ugAig2J+cSchEvTdNeU3hkQKBgQDF+56Lx9vCDJx/Tdml',
    'mNI49dFQWvO2jShSqCy4O4iIxrynM9HRdaTZdnO8862NkjgiHOO0+X9WE1N8wqJQ',
    'wHyMbkZiDbFGv7j4JLOHF4m/hq65HMUqOmdUDXHFLRryQWqXHtXW74L9Hzby07se',
    'Ni7+BEGn3dcd66e6ylUw3QO7eQKBgQC47Inqmg2HbrIfcBDDuO+ztO/INhriq4US',
    'jtlBVQ34eMXdnJjFTxrH4T762RChhyCxFmF7buZ7SxMK4SsiuMQz1eGtUaiwkd39',
    'dWrHQpXexvDjl4Ltwvf+1CJncshl3HoORBGT64R5Lu6vbJWL+ocoDxf6y8AWd+w1',
    'KrFX4OSCDQKBgGtSWMGhF2l7eKIxy1fPHbYu2sZaZ15/6mnULFm6O+sZAE8K8iQ/',
    'R5tycI7u8RebOb6UNoN19Cbu1wT8ZQytK1bcuF6S2ZRmfZhWHNOQWOVv1usVw3N+',
    'sWCI4TFnoAHOoD9HQdf/gdxAvYKob/iSmqqsGAMtaF0Zz5Sb9c5FIK7RAoGBAJYN',
    'CVPdsQCl587upgvKsmXFeZOho2st9gq68rq6g12M0jEiciwYJgjuUqZFH+ORvAs1',
    't9/qewasQkVftBq2hi3xbO+wBQtRMSoK7pvFAcsE7k4ekNTQkV6rT0dVshpFLp0I',
    'yqKWRqX2WSLrHuW4YZc1uCV+0tzobjgt7jz6dTC5AoGAErXV7Qn3vMb3dCzHl8GO',
    'F+riZcgBBvE6yMqaLIPwaYjKytkYTpE5HQ/uVOcY5sB4GQGligPt8IvaiUDhz3Wb',
    'bfkfToDgGl+vqt0B0f7ZD1sjBOdT4IQRhAMvA7q+Twi/eXbZPoOevV0DwPIeQoSe',
    '1+VBHD0KNZXMoomoQsxE12c=',
    '-----END PRIVATE KEY-----',
  ].join('\n'),
  client_email: 'fcm-sender@salon-sandbox.iam.gserviceaccount.com',
};

/** The credentials the sandbox accepts unless told others; embedded mode, e2e and tests configure these. */
export const FCM_SANDBOX_CREDENTIALS = {
  FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(SANDBOX_SERVICE_ACCOUNT),
} as const;

export interface FcmSandbox extends Sandbox {
  /** The OAuth2 token endpoint it serves (FCM_TOKEN_URL); `url` is FCM_API_URL. */
  tokenUrl: string;
  /** The next send answers this FCM error (UNREGISTERED 404, INVALID_ARGUMENT 400, UNAVAILABLE 503, …). */
  failNextWith(errorCode: FcmErrorCode): void;
  /** From now on a send to this device token answers UNREGISTERED, as after the app was uninstalled. */
  unregister(token: string): void;
  /** How many access tokens the token endpoint issued (google-auth-library caches them). */
  tokensIssued(): number;
}

const base64url = (part: string) => Buffer.from(part, 'base64url');

/** The problem with a service-account assertion, or null when Google would accept it. */
function assertionProblem(assertion: string, account: { email: string; key: KeyObject }): string | null {
  const [header, payload, signature] = assertion.split('.');
  if (!header || !payload || !signature) return 'Invalid JWT: not three parts';
  let head: { alg?: unknown };
  let claims: { iss?: unknown; aud?: unknown; scope?: unknown; iat?: unknown; exp?: unknown };
  try {
    head = JSON.parse(base64url(header).toString('utf8')) as typeof head;
    claims = JSON.parse(base64url(payload).toString('utf8')) as typeof claims;
  } catch {
    return 'Invalid JWT: not JSON';
  }
  if (head.alg !== 'RS256') return 'Invalid JWT: alg must be RS256';
  const signed = Buffer.from(`${header}.${payload}`);
  if (!verify('RSA-SHA256', signed, account.key, base64url(signature))) return 'Invalid JWT Signature.';
  if (claims.iss !== account.email) return 'Invalid JWT: unknown issuer';
  if (claims.aud !== GOOGLE_TOKEN_URL) return 'Invalid JWT: audience must be the token endpoint';
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number' || claims.exp <= now)
    return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.';
  if (typeof claims.scope !== 'string' || !claims.scope.split(' ').includes(FCM_SCOPE))
    return 'Invalid JWT: the firebase.messaging scope is missing';
  return null;
}

/**
 * Firebase Cloud Messaging of its own, both halves of what the push adapter talks to:
 * `POST /token` is Google's OAuth2 token endpoint for service accounts (grant jwt-bearer; the assertion's RS256
 * signature is verified against the service account's public key) and issues bearer tokens;
 * `POST /v1/projects/{project_id}/messages:send` checks the bearer token and the project, validates the message
 * and answers `{name}` or FCM's error body (`details[].errorCode`); `GET /sandbox/messages` lists what it
 * accepted: `to` is the device token, `subject` the notification title, `text` its body, `reference` the
 * message's data.reference.
 */
export async function startFcmSandbox(
  options: { host?: string; port?: number; serviceAccount?: ServiceAccount } = {},
): Promise<FcmSandbox> {
  const account = options.serviceAccount ?? SANDBOX_SERVICE_ACCOUNT;
  const publicKey = createPublicKey(account.private_key);
  const messages: SandboxMessage[] = [];
  const failures: FcmErrorCode[] = [];
  const unregistered = new Set<string>();
  const accessTokens = new Set<string>();

  const app = listing(messages);
  app.post('/token', express.urlencoded({ extended: false }), (req, res) => {
    const form = (req.body ?? {}) as Record<string, unknown>;
    if (form.grant_type !== JWT_BEARER_GRANT) {
      res.status(400).json({ error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
      return;
    }
    const problem =
      typeof form.assertion === 'string'
        ? assertionProblem(form.assertion, { email: account.client_email, key: publicKey })
        : 'Missing required parameter: assertion';
    if (problem) {
      res.status(400).json({ error: 'invalid_grant', error_description: problem });
      return;
    }
    const accessToken = `ya29.sandbox-${randomBytes(24).toString('base64url')}`;
    accessTokens.add(accessToken);
    res.json({ access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
  });

  app.post(/^\/v1\/projects\/([^/]+)\/messages:send$/, express.json(), (req, res) => {
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !accessTokens.has(bearer)) {
      res.status(401).json({
        error: {
          code: 401,
          message:
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          status: 'UNAUTHENTICATED',
          details: [],
        },
      });
      return;
    }
    const project = (req.params as Record<string, string>)[0];
    if (project !== account.project_id) {
      res.status(403).json({
        error: {
          code: 403,
          message: "Permission 'cloudmessaging.messages.create' denied on resource",
          status: 'PERMISSION_DENIED',
          details: [],
        },
      });
      return;
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      const body = fcmError(failure);
      res.status(body.error.code).json(body);
      return;
    }
    const parsed = sendRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      const body = fcmError(
        'INVALID_ARGUMENT',
        `Invalid JSON payload received. ${parsed.error.issues[0]?.message ?? ''}`,
      );
      res.status(400).json(body);
      return;
    }
    const { message } = parsed.data;
    if (unregistered.has(message.token)) {
      res.status(404).json(fcmError('UNREGISTERED'));
      return;
    }
    const name = `projects/${project}/messages/0:${Date.now()}%${randomBytes(8).toString('hex')}`;
    messages.push({
      id: name,
      to: message.token,
      subject: message.notification?.title ?? '',
      text: message.notification?.body ?? '',
      reference: message.data?.reference ?? null,
      received_at: new Date().toISOString(),
    });
    const answer: SendAnswer = { name };
    res.json(answer);
  });

  const host = options.host ?? '127.0.0.1';
  const server = await listen(app, host, options.port ?? 0);
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    tokenUrl: `${url}/token`,
    listUrl: `${url}/sandbox/messages`,
    messages,
    failNext: (count) =>
      void failures.splice(0, failures.length, ...Array<FcmErrorCode>(count).fill('UNAVAILABLE')),
    failNextWith: (errorCode) => void failures.push(errorCode),
    unregister: (token) => void unregistered.add(token),
    tokensIssued: () => accessTokens.size,
    clear: () => void messages.splice(0),
    close: () => closeHttp(server),
  };
}
