import type { AppointmentCancelledV1 } from '@salon/contracts';
import type { EventOrigin } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import { paymentOfAppointmentPaidBy } from '../db/payment.repository';
import { findTenant } from '../db/replica.repository';
import type { CommerceDeps } from './deps';
import { keepDeposit } from './keep-deposit';
import { refundAppointmentPayment } from './refund-appointment-payment';

/**
 * A paid appointment was cancelled: its payment is refunded per the tenant's policy, in full outside the
 * cancellation window, less `late_cancellation_fee_percent` inside it (whoever recorded the cancellation: a
 * customer can no longer cancel there, so it is the salon acting on the customer's late call); a paid deposit
 * cancelled inside it is kept whole as the fee instead (`keepDeposit`). A payment that
 * completed after the cancellation is not this refund's: scheduling reports it as orphaned, refunded in full.
 */
export async function refundCancelledAppointment(
  deps: Pick<CommerceDeps, 'store' | 'logger'>,
  tx: Executor,
  data: AppointmentCancelledV1,
  origin: EventOrigin,
): Promise<void> {
  const payment = await paymentOfAppointmentPaidBy(
    tx,
    data.tenant_id,
    data.appointment_id,
    data.cancelled_at,
  );
  if (!payment) return;
  // A paid deposit cancelled inside the window is the salon's fee (issue 22 item 1); outside it, refunded in full.
  if (payment.part === 'deposit' && data.late) {
    await keepDeposit(tx, {
      tenantId: data.tenant_id,
      appointmentId: data.appointment_id,
      reason: 'late_cancellation',
    });
    return;
  }
  const tenant = await findTenant(tx, data.tenant_id);
  const feePercent = data.late ? (tenant?.late_cancellation_fee_percent ?? 0) : 0;
  await refundAppointmentPayment(
    deps,
    tx,
    {
      tenantId: data.tenant_id,
      appointmentId: data.appointment_id,
      paymentId: payment.id,
      appointmentStatus: data.status,
      feePercent,
      reason:
        feePercent > 0
          ? `Appointment cancelled late: refunded less the ${feePercent}% late-cancellation fee`
          : 'Appointment cancelled: payment refunded',
    },
    origin,
  );
}
