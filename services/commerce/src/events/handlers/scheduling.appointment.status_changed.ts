import type { InboxHandler } from '@salon/messaging';
import { upsertAppointment } from '../../db/appointment.repository';
import { earnAppointmentCommission } from '../../domain/earn-commission';
import { keepDeposit } from '../../domain/keep-deposit';

/**
 * Price lines, customer and status of the appointments commerce takes payment for (newest version kept); a
 * completed appointment earns its staff members' commission, once per service line; a no-show's paid deposit is
 * kept as the fee.
 */
export const onSchedulingAppointmentStatusChanged: InboxHandler<
  'scheduling.appointment.status_changed.v1'
> = async (data, { tx }) => {
  await upsertAppointment(tx, data);
  await earnAppointmentCommission(tx, data);
  if (data.status === 'no_show') {
    await keepDeposit(tx, {
      tenantId: data.tenant_id,
      appointmentId: data.appointment_id,
      reason: 'no_show',
    });
  }
};
