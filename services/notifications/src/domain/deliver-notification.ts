import type { AppointmentSnapshot } from '@salon/contracts';
import type { RequestContext } from '@salon/service-kit';
import { PermanentSendError, type Channel, type MessageAttachment } from '../channels/channel';
import * as repo from '../db/notification.repository';
import * as devices from '../db/push-device.repository';
import * as replicas from '../db/replica.repository';
import { appointmentCalendarFile } from './calendar-attachment';
import { countDelivery } from './delivery-metrics';
import type { WaitlistOfferDetails } from './waitlist-messages';
import type { NotificationsDeps } from './deps';
import {
  DEFAULT_PREFERENCES,
  addressFor,
  channelQuota,
  countsAgainstQuota,
  outcomeStatus,
  permittedChannels,
  usageMonth,
  type NotificationKind,
  type Preferences,
  type Recipient,
} from './notification-rules';
import {
  renderTemplate,
  templateLanguage,
  type SubscriptionPaymentDetails,
  type TemplateContext,
} from './templates';

export type FailedChannel = { channel: Channel; reason: string; error?: string };

export interface SendResult {
  sent: Channel[];
  failed: FailedChannel[];
}

/** A rendered message for `sendOnChannels`. */
export interface OutgoingMessage {
  /** The tenant whose quota the message takes; null for a staff user's account message (no tenant). */
  tenantId: string | null;
  notificationId: string | null;
  kind: NotificationKind;
  recipient: Recipient;
  preferences: Preferences | null;
  channels: Channel[];
  message: { subject: string; text: string; language: string; attachments?: readonly MessageAttachment[] };
  reference: string;
  /** The correlation id of what caused the send, for the logs. */
  correlationId?: string;
}

/**
 * Sends one rendered message on each permitted channel. Each channel takes one unit of its monthly quota
 * first (plan replica, at send time); an exhausted channel is skipped and recorded while the others are
 * tried; a provider failure gives the unit back. Kinds exempt from the quota (`countsAgainstQuota`) neither
 * take a unit nor are blocked. Every attempt leaves a delivery row.
 */
export async function sendOnChannels(deps: NotificationsDeps, input: OutgoingMessage): Promise<SendResult> {
  const metered = countsAgainstQuota(input.kind);
  if (metered && input.tenantId === null)
    throw new Error(`A ${input.kind} message takes a tenant's quota: it needs its tenant`);
  // The tenant whose monthly quota each channel takes a unit of; null: no quota applies.
  const quotaTenant = metered ? input.tenantId : null;
  const permitted = permittedChannels(input.kind, input.channels, input.recipient, input.preferences);
  const { allowed, blocked } = await withoutDevicelessPush(deps, permitted, input.recipient);
  const failed: FailedChannel[] = blocked.map(({ channel, reason }) => ({ channel, reason }));
  const sent: Channel[] = [];
  const month = usageMonth(deps.clock.now());
  const delivery = (
    channel: Channel,
    status: 'sent' | 'failed' | 'blocked',
    reason: string | null,
    id: string | null,
  ) =>
    deps.db.withTx((tx) =>
      repo.recordDelivery(tx, {
        tenantId: input.tenantId,
        notificationId: input.notificationId,
        recipientId: input.recipient.id,
        kind: input.kind,
        channel,
        status,
        reason,
        providerMessageId: id,
      }),
    );
  for (const { channel, reason } of blocked) {
    await delivery(channel, 'blocked', reason, null);
    countDelivery(channel, 'blocked');
  }

  for (const channel of allowed) {
    const granted =
      quotaTenant === null ||
      (await deps.db.withTx(async (tx) => {
        const { limits } = await deps.plans.planOf(tx, quotaTenant);
        return repo.takeQuota(tx, quotaTenant, month, channel, channelQuota(limits, channel));
      }));
    if (!granted) {
      failed.push({ channel, reason: 'quota_exceeded' });
      await delivery(channel, 'blocked', 'quota_exceeded', null);
      countDelivery(channel, 'blocked');
      continue;
    }
    try {
      const providerId = await deps.senders[channel].send({
        to: addressFor(channel, input.recipient) as string,
        subject: input.message.subject,
        text: input.message.text,
        reference: input.reference,
        kind: input.kind,
        language: input.message.language,
        ...(channel === 'email' && input.message.attachments
          ? { attachments: input.message.attachments }
          : {}),
      });
      sent.push(channel);
      await delivery(channel, 'sent', null, providerId);
      countDelivery(channel, 'sent');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.logger.warn(
        { channel, notification: input.notificationId, correlation_id: input.correlationId, err: message },
        'channel send failed',
      );
      failed.push({ channel, reason: failureReason(error), error: message });
      if (quotaTenant !== null)
        await deps.db.withTx((tx) => repo.releaseQuota(tx, quotaTenant, month, channel));
      await delivery(channel, 'failed', message, null);
      countDelivery(channel, error instanceof PermanentSendError ? 'rejected' : 'failed');
    }
  }
  return { sent, failed };
}

/**
 * Push's addresses are the customer's registered devices: a customer with none has no push address, like a
 * staff member (blocked `no_address`, no quota taken), rather than a send the provider could only refuse.
 */
async function withoutDevicelessPush(
  deps: NotificationsDeps,
  permitted: ReturnType<typeof permittedChannels>,
  recipient: Recipient,
): Promise<ReturnType<typeof permittedChannels>> {
  if (!permitted.allowed.includes('push')) return permitted;
  if ((await devices.tokensOf(deps.db.orm, recipient.id ?? '')).length > 0) return permitted;
  return {
    allowed: permitted.allowed.filter((channel) => channel !== 'push'),
    blocked: [...permitted.blocked, { channel: 'push', reason: 'no_address' }],
  };
}

/** `provider_rejected`: the provider refused for good (see PermanentSendError), so a retry skips the channel. */
export const failureReason = (error: unknown) =>
  error instanceof PermanentSendError ? 'provider_rejected' : 'provider_error';

/**
 * Sends messages prepared inside an inbox transaction, one after another, once it has committed (the handler
 * hands this to `afterCommit`): sending is slow and `sendOnChannels` opens its own short transactions (quota,
 * delivery rows). A crash between the commit and the send loses them (at most once); what they carry (a code)
 * is never stored, and asking again is the remedy.
 */
export async function sendPrepared(deps: NotificationsDeps, messages: OutgoingMessage[]): Promise<void> {
  for (const message of messages) await sendOnChannels(deps, message);
}

/** Renders a stored notification with the current replicas (tenant, outlet, appointment, customer). */
async function prepare(deps: NotificationsDeps, row: repo.NotificationRow) {
  const executor = deps.db.orm;
  const tenant = await replicas.findTenant(executor, row.tenant_id);
  const customer =
    row.recipient_type === 'customer' && row.recipient_id
      ? await replicas.findCustomer(executor, row.tenant_id, row.recipient_id)
      : null;
  const appointment: AppointmentSnapshot | null = row.appointment_id
    ? await replicas.findAppointment(executor, row.tenant_id, row.appointment_id)
    : null;
  // A waitlist offer is about a slot, not an appointment: its payload names the outlet, zone and time.
  const offer = row.kind === 'waitlist_offer' ? (row.payload as unknown as WaitlistOfferDetails) : null;
  const outletId = appointment?.outlet_id ?? offer?.outlet_id;
  const outlet = outletId ? await replicas.findOutlet(executor, row.tenant_id, outletId) : null;
  const recipient: Recipient = {
    type: row.recipient_type,
    id: row.recipient_id,
    email: customer?.email ?? row.recipient.email,
    phone: customer?.phone ?? row.recipient.phone,
  };
  const preferences: Preferences | null =
    row.recipient_type === 'customer' ? (customer?.preferences ?? DEFAULT_PREFERENCES) : null;
  const language = templateLanguage(
    customer?.preferences.language ?? row.recipient.language ?? tenant?.language,
  );
  const payload = row.payload as Record<string, string | null | undefined>;
  const context: TemplateContext = {
    tenantName: tenant?.name ?? 'Salon',
    // An appointment's times are read in the zone it was booked in (its outlet's), not the tenant's.
    timezone: appointment?.timezone ?? offer?.timezone ?? outlet?.timezone ?? tenant?.timezone ?? 'UTC',
    currency: tenant?.currency ?? appointment?.currency ?? payload.currency ?? 'USD',
    recipientName: customer?.name ?? row.recipient.name,
    outletName: outlet?.name ?? undefined,
    outletAddress: outlet?.address ?? null,
    startsAt: appointment?.starts_at,
    serviceNames: appointment?.services.map((line) => line.service_name),
    customerName: appointment?.customer_name ?? undefined,
    amount: payload.amount ?? undefined,
    paymentUrl: payload.payment_url ?? undefined,
    invoiceNumber: payload.invoice_number ?? undefined,
    dueDate: payload.due_date ?? undefined,
    packageName: payload.package_name ?? null,
  };
  // An invoice is read in its own currency.
  if (payload.currency && CURRENCY_OF_PAYLOAD.has(row.kind)) context.currency = payload.currency;
  if (row.kind === 'payment_refunded') {
    context.feeKept = payload.fee_kept ?? undefined;
    context.refundedTo = (payload.refunded_to ?? undefined) as TemplateContext['refundedTo'];
  }
  if (offer) {
    context.startsAt = offer.starts_at;
    context.serviceNames = [offer.service_name];
    context.waitlistOffer = {
      offerId: offer.offer_id,
      staffName: offer.staff_name,
      expiresAt: offer.expires_at,
      holdMinutes: offer.hold_minutes,
    };
  }
  if (row.kind === 'subscription_payment_confirmation')
    context.subscriptionPayment = row.payload as unknown as SubscriptionPaymentDetails;
  const message = renderTemplate(row.kind, language, context);
  // A booking confirmation carries the appointment as a calendar event (the same UID as the customer's feed).
  const attachments =
    row.kind === 'booking_confirmation' && appointment
      ? [appointmentCalendarFile(appointment, outlet?.name ?? undefined)]
      : undefined;
  return { recipient, preferences, message: attachments ? { ...message, attachments } : message };
}

/** Messages about one invoice or refund, read in its own currency. */
const CURRENCY_OF_PAYLOAD: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'payment_link',
  'payment_refunded',
  'subscription_payment_confirmation',
]);

/** Sends a claimed (PROCESSING) notification: PROCESSING → COMPLETED (some or all channels sent) or FAILED (none sent). */
export async function executeNotification(
  deps: NotificationsDeps,
  ctx: RequestContext,
  row: repo.NotificationRow,
  /** Channels a retry leaves alone (permanently rejected before): not sent, and kept among the failures. */
  skipped: FailedChannel[] = [],
) {
  const { recipient, preferences, message } = await prepare(deps, row);
  const result = await sendOnChannels(deps, {
    tenantId: row.tenant_id,
    notificationId: row.id,
    kind: row.kind,
    recipient,
    preferences,
    channels: row.channels.filter((channel) => !skipped.some((s) => s.channel === channel)),
    message,
    reference: row.id,
    correlationId: ctx.requestId,
  });
  result.failed.push(...skipped);
  const status = outcomeStatus(result.sent);
  const lastError =
    status === 'FAILED'
      ? result.failed.map((f) => `${f.channel}: ${f.error ?? f.reason}`).join('; ') || 'No channel to send on'
      : null;
  await deps.db.withTx((tx) =>
    repo.recordOutcome(tx, row.id, { status, sentVia: result.sent, failed: result.failed, lastError }),
  );
  return { status, ...result, lastError };
}

/** The success message: the channels sent on, and why the others were not. */
export const describeOutcome = (sent: Channel[], failed: FailedChannel[]) =>
  `Sent via ${sent.join(', ')}` +
  (failed.length ? `; not sent via ${failed.map((f) => `${f.channel} (${f.reason})`).join(', ')}` : '');
