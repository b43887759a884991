import { causedBy, type InboxHandler } from '@salon/messaging';
import { upsertAppointment } from '../../db/appointment.repository';
import { PRODUCER, type CommerceDeps } from '../../domain/deps';
import { refundCancelledAppointment } from '../../domain/refund-cancelled-appointment';

/** The appointment replica (newest version kept), and a paid appointment's refund per the policy. */
export const onSchedulingAppointmentCancelled =
  (deps: Pick<CommerceDeps, 'store' | 'logger'>): InboxHandler<'scheduling.appointment.cancelled.v1'> =>
  async (data, { tx, event }) => {
    await upsertAppointment(tx, data);
    await refundCancelledAppointment(deps, tx, data, causedBy(event, PRODUCER));
  };
