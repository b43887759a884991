import type {
  AppointmentSnapshot,
  EventEnvelope,
  PaymentCompletedV1,
  PaymentLinkCreatedV1,
} from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import type { Channel } from '../../channels/channel';
import * as repo from '../../db/notification.repository';
import * as replicas from '../../db/replica.repository';
import type { NotificationsDeps } from '../../domain/deps';
import { rescheduleNotification, scheduleNotification } from '../../domain/schedule-notification';

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
 * scheduling.appointment.*: the replica (local time, outlet, staff, customer contact) and the reminders:
 * created → reminders at each REMINDER_HOURS before the start that is still ahead; rescheduled → the same
 * reminders move (their version grows, so tasks already on the ladder skip); cancelled → CANCELLED.
 */
export const applyAppointmentEvent =
  (deps: NotificationsDeps) =>
  async (event: EventEnvelope, tx: Executor): Promise<void> => {
    const appointment = event.data as AppointmentSnapshot;
    const applied = await replicas.upsertAppointment(tx, appointment);
    if (!applied) return; // an older snapshot than the one held
    const now = deps.clock.now();
    switch (event.type) {
      case 'scheduling.appointment.created.v1':
        if (appointment.customer_id === null && !appointment.customer_email && !appointment.customer_phone)
          return;
        for (const { key, at } of reminders(deps, appointment))
          if (at > now)
            await scheduleNotification(deps, tx, reminderInput(appointment, key, at), event.correlation_id);
        return;
      case 'scheduling.appointment.rescheduled.v1':
        for (const { key, at } of reminders(deps, appointment))
          await rescheduleNotification(deps, tx, reminderInput(appointment, key, at), event.correlation_id);
        return;
      case 'scheduling.appointment.cancelled.v1':
        await repo.cancelForAppointment(tx, appointment.tenant_id, appointment.appointment_id);
        return;
    }
  };

/**
 * commerce.payment.completed.v1 for an appointment: the booking confirmation to the customer and a notice to
 * each assigned staff member, sent at once through the task tier. The appointment replica must know the
 * appointment; until its event arrives, throwing makes the broker retry later.
 */
export const applyPaymentCompleted =
  (deps: NotificationsDeps) =>
  async (event: EventEnvelope, tx: Executor): Promise<void> => {
    const data = event.data as PaymentCompletedV1;
    if (!data.appointment_id) return;
    const appointment = await replicas.findAppointment(tx, data.tenant_id, data.appointment_id);
    if (!appointment) throw new Error(`appointment ${data.appointment_id} not known yet`);
    const now = deps.clock.now();
    const common = {
      tenant_id: data.tenant_id,
      scheduled_at: now,
      appointment_id: appointment.appointment_id,
    };
    await scheduleNotification(
      deps,
      tx,
      {
        ...common,
        kind: 'booking_confirmation',
        recipient_type: 'customer',
        recipient_id: appointment.customer_id,
        recipient: customerRecipient(appointment),
        channels: CUSTOMER_CHANNELS,
        template: 'booking_confirmation',
        payload: { payment_id: data.payment_id, amount: data.amount, currency: data.currency },
        dedupe_key: `confirmation:${data.payment_id}`,
      },
      event.correlation_id,
    );
    const staffIds = [...new Set(appointment.services.map((line) => line.staff_id))];
    for (const staffId of staffIds) {
      const staff = await replicas.findStaff(tx, data.tenant_id, staffId);
      const line = appointment.services.find((l) => l.staff_id === staffId);
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
          payload: { payment_id: data.payment_id },
          dedupe_key: `staff-notice:${data.payment_id}:${staffId}`,
        },
        event.correlation_id,
      );
    }
  };

/** commerce.payment_link.created.v1: the link on the channels the event names (e-mail, WhatsApp, SMS). */
export const applyPaymentLinkCreated =
  (deps: NotificationsDeps) =>
  async (event: EventEnvelope, tx: Executor): Promise<void> => {
    const data = event.data as PaymentLinkCreatedV1;
    const channels = (['email', 'whatsapp', 'sms'] as const).filter((channel) => data.channels[channel]);
    if (channels.length === 0) return;
    await scheduleNotification(
      deps,
      tx,
      {
        tenant_id: data.tenant_id,
        kind: 'payment_link',
        scheduled_at: deps.clock.now(),
        recipient_type: 'customer',
        recipient_id: data.customer_id,
        recipient: data.customer,
        channels,
        template: 'payment_link',
        payload: {
          payment_id: data.payment_id,
          invoice_number: data.invoice_number,
          amount: data.amount,
          currency: data.currency,
          payment_url: data.payment_url,
          due_date: data.due_date,
          package_name: data.package_name,
        },
        appointment_id: null,
        dedupe_key: `payment-link:${data.payment_id}`,
      },
      event.correlation_id,
    );
  };
