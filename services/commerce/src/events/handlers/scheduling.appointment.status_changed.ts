import type { InboxHandler } from '@salon/messaging';
import { upsertAppointment } from '../../db/appointment.repository';
import { earnAppointmentCommission } from '../../domain/earn-commission';

/**
 * Price lines, customer and status of the appointments commerce takes payment for (newest version kept); a
 * completed appointment earns its staff members' commission, once per service line.
 */
export const onSchedulingAppointmentStatusChanged: InboxHandler<
  'scheduling.appointment.status_changed.v1'
> = async (data, { tx }) => {
  await upsertAppointment(tx, data);
  await earnAppointmentCommission(tx, data);
};
