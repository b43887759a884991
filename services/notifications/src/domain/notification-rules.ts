import { isUnlimited, type PlanLimits } from '@salon/contracts';
import type { Channel } from '../channels/channel';

export type NotificationStatus =
  'PENDING' | 'PROMOTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'EXPIRED';

export type NotificationKind =
  | 'booking_confirmation'
  | 'booking_released'
  | 'staff_booking_notice'
  | 'appointment_reminder'
  | 'payment_link'
  | 'payment_refunded'
  | 'verification_code'
  | 'password_reset_code'
  | 'password_changed'
  | 'subscription_payment_confirmation'
  | 'webhook_endpoint_disabled'
  | 'waitlist_offer';

/**
 * Account-security messages (a code that verifies a contact or resets a password, the notice that a password
 * changed) go to the contact they are about, whatever the customer's communication preferences.
 */
export const ACCOUNT_SECURITY_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'verification_code',
  'password_reset_code',
  'password_changed',
]);

/**
 * Messages about an appointment going ahead: its cancellation voids those still waiting. What the cancellation
 * itself causes (the refund notice, often handled before the cancellation event arrives) still goes.
 */
export const VOIDED_BY_CANCELLATION: readonly NotificationKind[] = [
  'booking_confirmation',
  'staff_booking_notice',
  'appointment_reminder',
  'payment_link',
];

/**
 * The password messages are never blocked by (nor counted in) the tenant's monthly channel quota: an owner
 * locked out of a salon whose quota is used up must still get back in, and a staff user has no tenant to
 * count against. Verification codes still count: a customer can book unverified and ask again next month.
 * The confirmation of a paid subscription is the platform writing to the business about its own plan, not the
 * salon writing to its customers, so it takes none of the salon's e-mails either; nor does the platform's notice
 * that it disabled one of the business's failing webhook endpoints.
 */
const QUOTA_EXEMPT_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'password_reset_code',
  'password_changed',
  'subscription_payment_confirmation',
  'webhook_endpoint_disabled',
]);

/** Whether a message of `kind` takes a unit of the tenant's monthly channel quota. */
export const countsAgainstQuota = (kind: NotificationKind) => !QUOTA_EXEMPT_KINDS.has(kind);

const DAY_MS = 86_400_000;

/** Spec: more than CLOUD_TASKS_MAX_DAYS ahead waits in the database tier (PENDING); otherwise PROMOTED at once. */
export function initialTier(scheduledAt: Date, now: Date, maxDays: number): 'PENDING' | 'PROMOTED' {
  return scheduledAt.getTime() - now.getTime() > maxDays * DAY_MS ? 'PENDING' : 'PROMOTED';
}

/** The promotion run's horizon: PENDING rows scheduled at or before this instant are due. */
export const promotionHorizon = (now: Date, windowDays: number) =>
  new Date(now.getTime() + windowDays * DAY_MS);

/** The monthly quota of a channel on the tenant's plan; -1 (unlimited) never blocks. */
export function channelQuota(limits: PlanLimits, channel: Channel): number {
  const byChannel: Record<Channel, number> = {
    email: limits.email_per_month,
    whatsapp: limits.whatsapp_per_month,
    sms: limits.sms_per_month,
    push: limits.push_per_month,
  };
  return byChannel[channel];
}

export const withinQuota = (sentThisMonth: number, quota: number) =>
  isUnlimited(quota) || sentThisMonth < quota;

/** The quota's calendar month, UTC (`YYYY-MM`). */
export const usageMonth = (at: Date) => at.toISOString().slice(0, 7);

export interface Preferences {
  communication: Record<Channel, boolean>;
  marketing_consent: boolean;
  notification_settings: {
    booking_reminders: boolean;
    appointment_updates: boolean;
    promotional_offers: boolean;
  };
}

/** Spec defaults of a customer's preferences, used while the replica has not heard of the customer. */
export const DEFAULT_PREFERENCES: Preferences = {
  communication: { email: true, sms: false, push: true, whatsapp: false },
  marketing_consent: false,
  notification_settings: { booking_reminders: true, appointment_updates: true, promotional_offers: false },
};

export interface Recipient {
  type: 'customer' | 'staff';
  id: string | null;
  email: string | null;
  phone: string | null;
}

export type BlockReason =
  'no_address' | 'preference_off' | 'notification_setting_off' | 'marketing_consent_missing';

/** Marketing messages need marketing consent; none of today's kinds is marketing. */
export const isMarketing = (_kind: NotificationKind) => false;

/**
 * Which requested channels may carry the message, and why the others may not: the recipient needs an
 * address for the channel (push needs a customer), a customer's communication preferences must allow the
 * channel and the matching notification setting the kind; marketing needs `marketing_consent`. Account-security
 * kinds (`ACCOUNT_SECURITY_KINDS`) go to their contact whatever the preferences.
 */
export function permittedChannels(
  kind: NotificationKind,
  requested: Channel[],
  recipient: Recipient,
  preferences: Preferences | null,
  marketing = isMarketing(kind),
): { allowed: Channel[]; blocked: Array<{ channel: Channel; reason: BlockReason }> } {
  const allowed: Channel[] = [];
  const blocked: Array<{ channel: Channel; reason: BlockReason }> = [];
  const prefs = recipient.type === 'customer' ? (preferences ?? DEFAULT_PREFERENCES) : null;
  for (const channel of [...new Set(requested)]) {
    const address =
      channel === 'email'
        ? recipient.email
        : channel === 'push'
          ? recipient.type === 'customer'
            ? recipient.id
            : null
          : recipient.phone;
    if (!address) blocked.push({ channel, reason: 'no_address' });
    else if (prefs && marketing && !prefs.marketing_consent)
      blocked.push({ channel, reason: 'marketing_consent_missing' });
    else if (prefs && !ACCOUNT_SECURITY_KINDS.has(kind) && !prefs.communication[channel])
      blocked.push({ channel, reason: 'preference_off' });
    else if (prefs && !settingAllows(kind, prefs))
      blocked.push({ channel, reason: 'notification_setting_off' });
    else allowed.push(channel);
  }
  return { allowed, blocked };
}

function settingAllows(kind: NotificationKind, prefs: Preferences): boolean {
  if (kind === 'appointment_reminder') return prefs.notification_settings.booking_reminders;
  // A slot held for the customer from their waitlist, and a booking released, are news about a booking they asked for.
  if (kind === 'booking_confirmation' || kind === 'waitlist_offer' || kind === 'booking_released')
    return prefs.notification_settings.appointment_updates;
  return true;
}

export const addressFor = (channel: Channel, recipient: Recipient): string | null =>
  channel === 'email' ? recipient.email : channel === 'push' ? recipient.id : recipient.phone;

/** Spec state table: all channels sent or some sent → COMPLETED (failures recorded); none sent → FAILED. */
export const outcomeStatus = (sent: Channel[]): 'COMPLETED' | 'FAILED' =>
  sent.length > 0 ? 'COMPLETED' : 'FAILED';

export type RetryDecision = { ok: true } | { ok: false; status: 400; detail: string };

/** Spec: only FAILED is retried, at most `maxRetries` times unless `force`. */
export function retryDecision(
  status: NotificationStatus,
  retryCount: number,
  maxRetries: number,
  force: boolean,
): RetryDecision {
  if (status !== 'FAILED')
    return { ok: false, status: 400, detail: `Only FAILED notifications can be retried (status: ${status})` };
  if (retryCount >= maxRetries && !force)
    return {
      ok: false,
      status: 400,
      detail: `Maximum retries (${maxRetries}) exceeded; use force to retry anyway`,
    };
  return { ok: true };
}

/** The failures a retry does not send again: the provider refused them for good (`provider_rejected`). */
export const permanentlyRejected = <F extends { channel: string; reason: string }>(failed: F[]): F[] =>
  failed.filter((f) => f.reason === 'provider_rejected');

/** A delivery status a provider reports later, and the recorded statuses it may follow (never backwards). */
export type ReportedDeliveryStatus = 'delivered' | 'read' | 'undelivered' | 'failed';
export const DELIVERY_STATUS_FOLLOWS: Record<ReportedDeliveryStatus, readonly string[]> = {
  delivered: ['sent'],
  read: ['sent', 'delivered'],
  // SMS: the carrier could not deliver it (Twilio's undelivered, with an error code).
  undelivered: ['sent'],
  failed: ['sent'],
};

/** Spec trigger rule: the task's version must be the stored one and the status PROMOTED. */
export function triggerSkipReason(
  stored: { status: NotificationStatus; version: number },
  version: number,
): string | null {
  if (stored.version !== version)
    return `Version mismatch: task version ${version}, current version ${stored.version} (rescheduled)`;
  if (stored.status !== 'PROMOTED') return `Notification status is ${stored.status}, not PROMOTED`;
  return null;
}

/** Percentage with two decimals; a run that found nothing succeeded fully. */
export const successRate = (promoted: number, found: number) =>
  found === 0 ? 100 : Math.round((promoted / found) * 10_000) / 100;
