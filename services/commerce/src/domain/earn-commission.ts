import type { AppointmentSnapshot } from '@salon/contracts';
import { formatMoney, money, type Executor } from '@salon/service-kit';
import {
  earningsOf,
  findCommissionRule,
  findStaffMemberOfUser,
  insertCommissionEntry,
  type CommissionEntry,
} from '../db/commission.repository';
import { refundedPaymentsOfAppointment } from '../db/payment.repository';
import { commissionOf, reversalOf, serviceRateOf } from './commission-rules';
import { paidInAll, walletAppliedOf } from './payment-rules';

/**
 * A completed appointment earns each service line's staff member the rule's rate (the service's override, else
 * the rule's service percentage) of the price the line was booked at, dated at the appointment's start. Keyed
 * by (appointment, line): a redelivered or repeated completion earns nothing more. A staff member without a rule
 * earns nothing. A payment of it refunded before the completion arrived takes back its share at once.
 */
export async function earnAppointmentCommission(
  tx: Executor,
  appointment: AppointmentSnapshot,
): Promise<void> {
  if (appointment.status !== 'completed') return;
  const tenantId = appointment.tenant_id;
  for (const [index, line] of appointment.services.entries()) {
    const rule = await findCommissionRule(tx, tenantId, line.staff_id);
    if (!rule) continue;
    const rate = serviceRateOf(rule, line.service_id);
    await insertCommissionEntry(tx, tenantId, {
      staff_id: line.staff_id,
      source_type: 'appointment',
      source_id: appointment.appointment_id,
      line_key: String(index),
      entry_key: 'earned',
      kind: 'earned',
      service_id: line.service_id,
      description: line.service_name,
      base_amount: formatMoney(line.price),
      rate,
      amount: commissionOf(line.price, rate),
      currency: line.currency,
      occurred_at: new Date(appointment.starts_at),
    });
  }
  for (const payment of await refundedPaymentsOfAppointment(tx, tenantId, appointment.appointment_id)) {
    const paid = paidInAll(
      payment.amount,
      payment.metadata ? walletAppliedOf({ metadata: payment.metadata }) : null,
    );
    if (!money(paid).gt(0)) continue;
    await reverseCommission(
      tx,
      tenantId,
      { type: 'appointment', id: appointment.appointment_id },
      {
        refundId: `${payment.id}:refund`,
        share: money(payment.refunded_amount).div(paid).toString(),
        at: new Date(),
      },
    );
  }
}

/**
 * A paid package sale earns the staff member who sold it (named by the seller's token at the sale; else the
 * staff member whose user the seller is) the rule's
 * package percentage of what was paid, dated at the payment. Keyed by the customer package: activated once.
 */
export async function earnPackageCommission(
  tx: Executor,
  tenantId: string,
  sale: {
    customerPackageId: string;
    soldBy: string | null;
    soldByStaffId: string | null;
    packageName: string;
    currency: string;
  },
  amountPaid: string,
  paidAt: Date,
): Promise<void> {
  const staffId =
    sale.soldByStaffId ??
    (sale.soldBy ? (await findStaffMemberOfUser(tx, tenantId, sale.soldBy))?.staff_id : undefined);
  if (!staffId) return;
  const rule = await findCommissionRule(tx, tenantId, staffId);
  if (!rule) return;
  await insertCommissionEntry(tx, tenantId, {
    staff_id: staffId,
    source_type: 'package_sale',
    source_id: sale.customerPackageId,
    line_key: '0',
    entry_key: 'earned',
    kind: 'earned',
    service_id: null,
    description: sale.packageName,
    base_amount: formatMoney(amountPaid),
    rate: rule.package_percent,
    amount: commissionOf(amountPaid, rule.package_percent),
    currency: sale.currency,
    occurred_at: paidAt,
  });
}

/**
 * A refund takes back the refunded share (refunded ÷ paid) of each earning of its source, one reversal entry
 * per earning keyed by the refund id, dated at the refund: the same refund never reverses twice.
 */
export async function reverseCommission(
  tx: Executor,
  tenantId: string,
  source: { type: CommissionEntry['source_type']; id: string },
  refund: { refundId: string; share: string; at: Date },
): Promise<void> {
  for (const earning of await earningsOf(tx, tenantId, source.type, source.id)) {
    await insertCommissionEntry(tx, tenantId, {
      ...earning,
      entry_key: `reversal:${refund.refundId}`,
      kind: 'reversed',
      base_amount: earning.base_amount,
      amount: reversalOf(earning.amount, refund.share),
      occurred_at: refund.at,
    });
  }
}
