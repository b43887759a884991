import type { AppointmentConfirmedV1, AppointmentSnapshot } from '@salon/contracts';
import type { EventOrigin } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import type { Channel } from '../channels/channel';
import * as repo from '../db/notification.repository';
import * as replicas from '../db/replica.repository';
import type { NotificationsDeps } from './deps';
import { VOIDED_BY_CANCELLATION } from './notification-rules';
import { rescheduleNotification, scheduleNotification } from './schedule-notification';

/** Booking messages go to a customer on every channel their preferences allow. */
const CUSTOMER_CHANNELS: Channel[] = ['email', 'whatsapp', 'sms', 'push'];

const reminders = (deps: NotificationsDeps, appointment: AppointmentSnapshot) =>
  deps.config.REMINDER_HOURS.map((hours) => ({
    key: `reminder:${appointment.appointment_id}:${hours}h`,
    at: new Date(new Date(appointment.starts_at).getTime() - hours * 3_600_000),
  }));

const customerRecipient = (a: AppointmentSnapshot) => ({
  name: a.customer_name ?? 'Customer',
  email: a.customer_email,
  phone: a.customer_phone,
});

function reminderInput(appointment: AppointmentSnapshot, key: string, at: Date) {
  return {
    tenant_id: appointment.tenant_id,
    kind: 'appointment_reminder' as const,
    scheduled_at: at,
    recipient_type: 'customer' as const,
    recipient_id: appointment.customer_id,
    recipient: customerRecipient(appointment),
    channels: CUSTOMER_CHANNELS,
    template: 'appointment_reminder',
    payload: { appointment_id: appointment.appointment_id },
    appointment_id: appointment.appointment_id,
    dedupe_key: key,
  };
}

/**
 * Keeps the appointment replica (local time, outlet, staff, customer contact) from an event's snapshot;
 * false when the replica already holds a newer one, so the event's messages are stale.
 */
export const keepAppointment = (tx: Executor, snapshot: AppointmentSnapshot): Promise<boolean> =>
  replicas.upsertAppointment(tx, snapshot);

/** A new appointment: a reminder at each REMINDER_HOURS before the start that is still ahead. */
export async function scheduleReminders(
  deps: NotificationsDeps,
  tx: Executor,
  appointment: AppointmentSnapshot,
  origin: EventOrigin,
): Promise<void> {
  if (appointment.customer_id === null && !appointment.customer_email && !appointment.customer_phone) return;
  const now = deps.clock.now();
  for (const { key, at } of reminders(deps, appointment))
    if (at > now) await scheduleNotification(deps, tx, reminderInput(appointment, key, at), origin);
}

/** A rescheduled appointment: the reminders move (their version grows, so tasks already on the ladder skip). */
export async function moveReminders(
  deps: NotificationsDeps,
  tx: Executor,
  appointment: AppointmentSnapshot,
  origin: EventOrigin,
): Promise<void> {
  for (const { key, at } of reminders(deps, appointment))
    await rescheduleNotification(deps, tx, reminderInput(appointment, key, at), origin);
}

/** A cancelled appointment: its messages about going ahead still waiting become CANCELLED. */
export async function cancelAppointmentMessages(
  tx: Executor,
  appointment: AppointmentSnapshot,
): Promise<void> {
  await repo.cancelForAppointment(
    tx,
    appointment.tenant_id,
    appointment.appointment_id,
    VOIDED_BY_CANCELLATION,
  );
}

/**
 * A booking the platform released because its deposit was not paid by `deposit_due_at` (issue 22 item 1): the
 * customer is told on every channel their preferences allow, once per appointment.
 */
export async function scheduleReleaseNotice(
  deps: NotificationsDeps,
  tx: Executor,
  released: AppointmentSnapshot,
  origin: EventOrigin,
): Promise<void> {
  await scheduleNotification(
    deps,
    tx,
    {
      tenant_id: released.tenant_id,
      kind: 'booking_released',
      scheduled_at: deps.clock.now(),
      recipient_type: 'customer',
      recipient_id: released.customer_id,
      recipient: customerRecipient(released),
      channels: CUSTOMER_CHANNELS,
      template: 'booking_released',
      payload: { amount: released.deposit_amount ?? null, currency: released.currency },
      appointment_id: released.appointment_id,
      dedupe_key: `released:${released.appointment_id}`,
    },
    origin,
  );
}

/**
 * A confirmed appointment (paid, or confirmed by the staff): the booking confirmation to the customer and a
 * notice to each assigned staff member, sent at once through the task tier, from the event's own snapshot.
 * Keyed by the appointment and the snapshot's version: each confirmation sends once, a redelivery never again.
 */
export async function scheduleBookingConfirmation(
  deps: NotificationsDeps,
  tx: Executor,
  confirmed: AppointmentConfirmedV1,
  origin: EventOrigin,
): Promise<void> {
  const { tenant_id, appointment_id, version } = confirmed;
  const common = { tenant_id, scheduled_at: deps.clock.now(), appointment_id };
  await scheduleNotification(
    deps,
    tx,
    {
      ...common,
      kind: 'booking_confirmation',
      recipient_type: 'customer',
      recipient_id: confirmed.customer_id,
      recipient: customerRecipient(confirmed),
      channels: CUSTOMER_CHANNELS,
      template: 'booking_confirmation',
      payload: {
        payment_id: confirmed.payment_id,
        amount: confirmed.amount_paid ?? null,
        currency: confirmed.currency,
      },
      dedupe_key: `confirmation:${appointment_id}:v${version}`,
    },
    origin,
  );
  const staffIds = [...new Set(confirmed.services.map((line) => line.staff_id))];
  for (const staffId of staffIds) {
    const staff = await replicas.findStaff(tx, tenant_id, staffId);
    const line = confirmed.services.find((l) => l.staff_id === staffId);
    await scheduleNotification(
      deps,
      tx,
      {
        ...common,
        kind: 'staff_booking_notice',
        recipient_type: 'staff',
        recipient_id: staffId,
        recipient: {
          name: staff?.name ?? line?.staff_name ?? 'Staff',
          email: staff?.email ?? null,
          phone: staff?.phone ?? null,
        },
        channels: ['email'],
        template: 'staff_booking_notice',
        payload: { payment_id: confirmed.payment_id },
        dedupe_key: `staff-notice:${appointment_id}:v${version}:${staffId}`,
      },
      origin,
    );
  }
}

/** Whether the replica holds the appointment cancelled (a newer snapshot than a late confirmation's). */
export async function isCancelled(tx: Executor, appointment: AppointmentSnapshot): Promise<boolean> {
  const held = await replicas.findAppointment(tx, appointment.tenant_id, appointment.appointment_id);
  return held?.status === 'cancelled';
}
