import { causedBy, type InboxHandler } from '@salon/messaging';
import { PRODUCER, type SchedulingDeps } from '../../domain/deps';
import { releaseUnpaidDeposit } from '../../domain/release-unpaid-deposit';

/** scheduling.appointment.deposit_due.v1 (its own task, at `deposit_due_at`): an unpaid booking is released. */
export const onSchedulingAppointmentDepositDue =
  (deps: Pick<SchedulingDeps, 'store' | 'commerce'>): InboxHandler<'scheduling.appointment.deposit_due.v1'> =>
  async (data, { tx, event }) => {
    await releaseUnpaidDeposit(
      deps,
      tx,
      { tenantId: data.tenant_id, appointmentId: data.appointment_id },
      causedBy(event, PRODUCER),
    );
  };
