import { depositStatusPath, depositStatusResponse } from '@salon/contracts';
import { newEvent, type EventOrigin } from '@salon/messaging';
import { serviceUnavailable, type Executor, type InternalClient } from '@salon/service-kit';
import {
  findAppointment,
  hasPassed,
  releaseUnpaidAppointment,
  type AppointmentRecord,
} from '../db/appointment.repository';
import { PRODUCER, type SchedulingDeps } from './deps';
import { appointmentSnapshot } from './events';

/** The consumer that takes scheduling's own deposit-due tasks off the delay ladder. */
export const DEPOSIT_HOLD_CONSUMER = `${PRODUCER}.deposit-holds`;

/** A deposit commerce reports paid (or paying) is looked at again this much later, until the payment confirms it. */
export const DEPOSIT_RECHECK_MS = 5 * 60_000;

/** The release task of a booking that owes a deposit, at its `deposit_due_at` (booking's transaction). */
export async function enqueueDepositDue(
  deps: Pick<SchedulingDeps, 'store'>,
  tx: Executor,
  appointment: { tenant_id: string; id: string },
  at: Date,
  origin: EventOrigin,
): Promise<void> {
  await deps.store.enqueue(
    tx,
    [
      newEvent(
        'scheduling.appointment.deposit_due.v1',
        { tenant_id: appointment.tenant_id, appointment_id: appointment.id },
        { ...origin, tenantId: appointment.tenant_id },
      ),
    ],
    { deliverAt: at, target: { kind: 'consumer', consumer: DEPOSIT_HOLD_CONSUMER } },
  );
}

/** Asks commerce whether the booking's deposit is paid or being applied; anything but a clear answer is a 503. */
async function depositPaid(
  commerce: InternalClient | undefined,
  appointment: AppointmentRecord,
  requestId: string | undefined,
): Promise<boolean> {
  if (!commerce) throw serviceUnavailable('commerce is not configured (COMMERCE_URL)');
  const answer = await commerce.request('GET', depositStatusPath(appointment.tenant_id, appointment.id), {
    requestId,
  });
  const parsed = depositStatusResponse.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success)
    throw serviceUnavailable('commerce is temporarily unavailable');
  return parsed.data.paid;
}

/**
 * scheduling.appointment.deposit_due.v1 (its own task at `deposit_due_at`, or a redelivery): a booking that is no
 * longer pending (paid, confirmed by staff, cancelled, released already) is left alone; a task delivered early is put
 * back on the ladder; a deposit commerce reports paid or being applied is looked at again later (the payment's
 * confirmation takes it out), so a deposit paid at the last second never loses its slot; otherwise, under the row
 * lock the payment handler takes too, a booking still pending without a payment is cancelled (`deposit_unpaid`, by
 * the system, never late) and its cancelled event frees the slot for the waitlist and tells the customer. A payment
 * applied after that finds it cancelled: the orphaned-payment path refunds it.
 */
export async function releaseUnpaidDeposit(
  deps: Pick<SchedulingDeps, 'store' | 'commerce'>,
  tx: Executor,
  { tenantId, appointmentId }: { tenantId: string; appointmentId: string },
  origin: EventOrigin,
): Promise<'released' | 'kept' | 'recheck' | 'early'> {
  const current = await findAppointment(tx, tenantId, appointmentId);
  if (!current || current.status !== 'pending' || current.payment_id || !current.deposit_due_at)
    return 'kept';
  if (!(await hasPassed(tx, current.deposit_due_at))) {
    await enqueueDepositDue(deps, tx, current, new Date(current.deposit_due_at), origin);
    return 'early';
  }
  if (await depositPaid(deps.commerce, current, origin.correlationId)) {
    await enqueueDepositDue(deps, tx, current, new Date(Date.now() + DEPOSIT_RECHECK_MS), origin);
    return 'recheck';
  }
  await findAppointment(tx, tenantId, appointmentId, { forUpdate: true });
  if (!(await releaseUnpaidAppointment(tx, tenantId, appointmentId))) return 'kept';
  const appointment = (await findAppointment(tx, tenantId, appointmentId)) as AppointmentRecord;
  await deps.store.enqueue(tx, [
    newEvent(
      'scheduling.appointment.cancelled.v1',
      {
        ...appointmentSnapshot(appointment),
        cancelled_at: appointment.cancelled_at as string,
        cancelled_by: 'system',
        late: false,
        reason: 'deposit_unpaid',
      },
      origin,
    ),
  ]);
  return 'released';
}
