import { z } from 'zod';

/**
 * The parts of Firebase Cloud Messaging's HTTP v1 API this platform speaks, shared by the push adapter and its
 * sandbox: the service account that signs the OAuth2 token request, the send request and answer, the error body
 * and which FCM error codes are permanent.
 */

/** Google's OAuth2 token endpoint, the `aud` of every service-account assertion. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** A service-account key file (the JSON Google Cloud hands out); fields we do not read pass. */
export const serviceAccountSchema = z
  .object({
    type: z.literal('service_account'),
    project_id: z.string().min(1),
    private_key_id: z.string().optional(),
    private_key: z.string().includes('PRIVATE KEY', { error: 'must be a PEM private key' }),
    client_email: z.email(),
  })
  .loose();
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

/** `POST {api}/v1/projects/{project_id}/messages:send`: one message to one device token. */
export const sendRequestSchema = z.object({
  validate_only: z.boolean().optional(),
  message: z.object({
    token: z.string().min(1),
    notification: z.object({ title: z.string().optional(), body: z.string().optional() }).optional(),
    data: z.record(z.string(), z.string()).optional(),
  }),
});
export type SendRequest = z.infer<typeof sendRequestSchema>;

/** The answer to a send: the message's resource name, `projects/{project_id}/messages/{message_id}`. */
export interface SendAnswer {
  name: string;
}

export const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';

/** Google's error body; FCM names its own error code in a details entry of FCM_ERROR_TYPE. */
export interface FcmErrorBody {
  error: {
    code: number;
    message: string;
    status: string;
    details: Array<{ '@type': string; errorCode?: string }>;
  };
}

/** FCM's error codes with the HTTP status and Google status they come with. */
export const FCM_ERRORS = {
  UNREGISTERED: { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  INVALID_ARGUMENT: {
    code: 400,
    status: 'INVALID_ARGUMENT',
    message: 'The registration token is not a valid FCM registration token',
  },
  SENDER_ID_MISMATCH: { code: 403, status: 'PERMISSION_DENIED', message: 'SenderId mismatch' },
  QUOTA_EXCEEDED: {
    code: 429,
    status: 'RESOURCE_EXHAUSTED',
    message: 'Quota exceeded for quota metric "Send messages"',
  },
  UNAVAILABLE: { code: 503, status: 'UNAVAILABLE', message: 'The service is currently unavailable.' },
  INTERNAL: { code: 500, status: 'INTERNAL', message: 'Internal error encountered.' },
  THIRD_PARTY_AUTH_ERROR: {
    code: 401,
    status: 'UNAUTHENTICATED',
    message: 'Auth error from APNS or Web Push Service',
  },
} as const;
export type FcmErrorCode = keyof typeof FCM_ERRORS;

/**
 * Codes that say the device token is no good (uninstalled app, malformed or another project's token): sending
 * to it again would fail again, so the token is removed. Any other answer (QUOTA_EXCEEDED, UNAVAILABLE,
 * INTERNAL, no answer) is transient and the message is sent again on retry.
 */
export const PERMANENT_ERROR_CODES: ReadonlySet<string> = new Set([
  'UNREGISTERED',
  'INVALID_ARGUMENT',
  'SENDER_ID_MISMATCH',
]);

export const fcmError = (errorCode: FcmErrorCode, message?: string): FcmErrorBody => {
  const known = FCM_ERRORS[errorCode];
  return {
    error: {
      code: known.code,
      message: message ?? known.message,
      status: known.status,
      details: [{ '@type': FCM_ERROR_TYPE, errorCode }],
    },
  };
};

/** The FCM error code of an error body, if it names one. */
export const fcmErrorCodeOf = (body: unknown): string | undefined =>
  (body as Partial<FcmErrorBody> | null)?.error?.details?.find((d) => d['@type'] === FCM_ERROR_TYPE)
    ?.errorCode;
