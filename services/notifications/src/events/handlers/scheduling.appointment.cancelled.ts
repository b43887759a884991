import { causedBy, type InboxHandler } from '@salon/messaging';
import {
  cancelAppointmentMessages,
  keepAppointment,
  scheduleReleaseNotice,
} from '../../domain/appointment-messages';
import { PRODUCER, type NotificationsDeps } from '../../domain/deps';

/**
 * scheduling.appointment.cancelled.v1: the replica, and the appointment's waiting messages are CANCELLED; a booking
 * the platform released for an unpaid deposit tells its customer.
 */
export const onSchedulingAppointmentCancelled =
  (deps: NotificationsDeps): InboxHandler<'scheduling.appointment.cancelled.v1'> =>
  async (data, { tx, event }) => {
    if (!(await keepAppointment(tx, data))) return; // an older snapshot than the one held
    await cancelAppointmentMessages(tx, data);
    if (data.reason === 'deposit_unpaid' && data.customer_id)
      await scheduleReleaseNotice(deps, tx, data, causedBy(event, PRODUCER));
  };
