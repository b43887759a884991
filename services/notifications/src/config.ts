import { z } from 'zod';
import { commonConfigSchema, intQuery, retentionDays } from '@salon/service-kit';
import { serviceAccountSchema } from './channels/fcm';

const days = (fallback: number) => intQuery.pipe(z.int().min(1).max(365)).default(fallback);
const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((value) => value === 'true');
const DAY_SECONDS = 24 * 60 * 60;

export const notificationsConfigSchema = commonConfigSchema.extend({
  /** SMTP server for e-mail, e.g. smtp://user:pass@mail.example:587 (the SMTP sandbox in tests). */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' }),
  MAIL_FROM: z.string().min(3).default('Salon <no-reply@salon.local>'),
  /** WhatsApp Business Cloud API (docs/decisions.md, WhatsApp Cloud API): base URL, e.g. https://graph.facebook.com. */
  WHATSAPP_API_URL: z.url(),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, { error: 'must look like v21.0' })
    .default('v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().min(1),
  WHATSAPP_ACCESS_TOKEN: z.string().min(1),
  /** The Meta app's secret: status webhooks are signed with it (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }),
  /** Answered back in the webhook subscription handshake (GET, hub.verify_token). */
  WHATSAPP_VERIFY_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }),
  /** Twilio's Messages API for SMS (docs/decisions.md, Twilio SMS): base URL, e.g. https://api.twilio.com. */
  SMS_API_URL: z.url(),
  /** The account SID (AC…) and auth token: HTTP basic auth. Formats are Twilio's to check (20003/20404 otherwise). */
  TWILIO_ACCOUNT_SID: z.string().min(1),
  TWILIO_AUTH_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }),
  /** The sending number (E.164); TWILIO_MESSAGING_SERVICE_SID (MG…) instead lets Twilio pick. One is required. */
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().min(1).optional(),
  /**
   * Where providers reach the gateway: Twilio's StatusCallback is `<PUBLIC_BASE_URL>/api/v1/webhooks/twilio/status`,
   * and its signature is checked against exactly that URL.
   */
  PUBLIC_BASE_URL: z.url(),
  /** Firebase Cloud Messaging HTTP v1 for push (docs/decisions.md, FCM push): base URL, e.g. https://fcm.googleapis.com. */
  FCM_API_URL: z.url(),
  /** Where the service account's signed assertion is exchanged for a token, e.g. https://oauth2.googleapis.com/token. */
  FCM_TOKEN_URL: z.url(),
  /** The Firebase project's service-account key file, its JSON content (project_id, client_email, private_key). */
  FCM_SERVICE_ACCOUNT_JSON: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be the JSON of a service-account key file' });
        return z.NEVER;
      }
    })
    .pipe(serviceAccountSchema),
  CHANNEL_TIMEOUT_MS: intQuery.pipe(z.int().min(100).max(60_000)).default(10_000),
  /** Days a delivery record (one channel attempt, always finished: sent, failed or blocked) is kept. */
  RETENTION_DELIVERY_DAYS: retentionDays(180),
  /** Days an audit entry is kept: the longest retention period, for disputes and investigations. */
  RETENTION_AUDIT_DAYS: retentionDays(730),
  /** Horizon of the task tier: further ahead waits in the database tier (spec: 30). */
  CLOUD_TASKS_MAX_DAYS: days(30),
  /** The promotion run moves PENDING rows due within this many days (spec: 25). */
  PROMOTION_WINDOW_DAYS: days(25),
  PROMOTER_BATCH_SIZE: intQuery.pipe(z.int().min(1).max(1000)).default(100),
  NOTIFICATION_MAX_RETRIES: intQuery.pipe(z.int().min(0).max(100)).default(3),
  /** A PENDING notification this many hours past its time is EXPIRED by the promotion run. */
  NOTIFICATION_TTL_HOURS: intQuery
    .pipe(
      z
        .int()
        .min(1)
        .max(24 * 30),
    )
    .default(24),
  /**
   * A notification PROCESSING for longer than this was interrupted (the process stopped mid-send); the
   * promotion run marks it FAILED so the retry endpoint can send it again. Well above CHANNEL_TIMEOUT_MS × channels.
   */
  PROCESSING_STALE_MINUTES: intQuery
    .pipe(
      z
        .int()
        .min(1)
        .max(24 * 60),
    )
    .default(15),
  /** Reminder offsets before an appointment, in hours (spec: 24 and 2). */
  REMINDER_HOURS: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: 'must be comma-separated whole hours' })
    .default('24,2')
    .transform((value) => value.split(',').map(Number)),
  /** "false" turns the task tier off: nothing is promoted and health reports cloud_tasks disabled. */
  TASK_TIER_ENABLED: flag('true'),
  // Outbound webhooks (docs/webhooks.md; decisions: Outbound webhooks).
  /** "true" lets endpoints on loopback, private, link-local and other non-public addresses (SSRF guard off). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: flag('false'),
  /** Endpoints one tenant may register. */
  WEBHOOK_MAX_ENDPOINTS: intQuery.pipe(z.int().min(1).max(100)).default(10),
  /** How long one attempt may take before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: intQuery.pipe(z.int().min(100).max(60_000)).default(10_000),
  /** Delay before the first retry; each later one doubles, up to WEBHOOK_RETRY_MAX_MS. */
  WEBHOOK_RETRY_INITIAL_MS: intQuery.pipe(z.int().min(100)).default(30_000),
  WEBHOOK_RETRY_MAX_MS: intQuery.pipe(z.int().min(100)).default(60 * 60_000),
  /** A delivery is retried for this long after its first attempt, then given up (failed). */
  WEBHOOK_RETRY_WINDOW_SECONDS: intQuery
    .pipe(
      z
        .int()
        .min(1)
        .max(7 * DAY_SECONDS),
    )
    .default(DAY_SECONDS),
  /** An endpoint failing without a success for this long is disabled and the tenant told. */
  WEBHOOK_DISABLE_AFTER_SECONDS: intQuery
    .pipe(
      z
        .int()
        .min(1)
        .max(30 * DAY_SECONDS),
    )
    .default(DAY_SECONDS),
});

export type NotificationsConfig = z.output<typeof notificationsConfigSchema>;
