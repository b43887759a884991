import type { InboxHandler } from '@salon/messaging';
import { upsertAppointmentSnapshot } from '../../db/usage.repository';

/** The appointment's date and status: the month's non-cancelled appointments count. */
export const onSchedulingAppointmentStatusChanged: InboxHandler<
  'scheduling.appointment.status_changed.v1'
> = (data, { tx }) => upsertAppointmentSnapshot(tx, data);
