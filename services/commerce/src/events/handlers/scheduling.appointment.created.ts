import type { InboxHandler } from '@salon/messaging';
import { upsertAppointment } from '../../db/appointment.repository';

/** Price lines, customer and status of the appointments commerce takes payment for (newest version kept). */
export const onSchedulingAppointmentCreated: InboxHandler<'scheduling.appointment.created.v1'> = (
  data,
  { tx },
) => upsertAppointment(tx, data);
