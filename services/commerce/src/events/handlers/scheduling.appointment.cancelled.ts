import type { InboxHandler } from '@salon/messaging';
import { upsertAppointment } from '../../db/appointment.repository';

/** Price lines, customer and status of the appointments commerce takes payment for (newest version kept). */
export const onSchedulingAppointmentCancelled: InboxHandler<'scheduling.appointment.cancelled.v1'> = (
  data,
  { tx },
) => upsertAppointment(tx, data);
