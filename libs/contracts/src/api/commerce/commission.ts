import { z } from 'zod';
import { moneyStringSchema } from '../../events/catalog';
import { dateField } from '../../date-fields';
import { objectId } from '../../http';
import { money } from '../../money';
import { amountField } from '../../money-fields';

const timestamp = z.iso.datetime({ offset: true });
/** Signed: a reversal (what a refund took back) is negative. */
const signedMoney = z.string().regex(/^-?\d+\.\d{2}$/, 'must be a decimal string with 2 decimals');

/** A percentage 0–100 with at most two decimals, as number or string; answered as "12.50". */
const percentField = amountField().refine((value) => money(value).lte(100), {
  error: 'Percentage must be at most 100',
});

// Staff commission (issue 22 item 3): the rule, and the report per staff member and period.
export const commissionRuleBody = z.object({
  /** Percentage of a completed appointment's service line price (the price it was booked at). */
  service_percent: percentField,
  /** Percentage of what a package sale (sold by this staff member) was paid. */
  package_percent: percentField,
  /** A service's own percentage instead of `service_percent`; one entry per service. */
  service_overrides: z
    .array(z.object({ service_id: objectId, percent: percentField }))
    .max(500)
    .default([])
    .refine((items) => new Set(items.map((item) => item.service_id)).size === items.length, {
      error: 'Each service may be overridden once',
    }),
});

export const commissionRule = z
  .strictObject({
    staff_id: objectId,
    service_percent: moneyStringSchema,
    package_percent: moneyStringSchema,
    service_overrides: z.array(z.strictObject({ service_id: objectId, percent: moneyStringSchema })),
    /** null: no rule set yet (nothing is earned). */
    updated_at: timestamp.nullable(),
    updated_by: z.string().nullable(),
  })
  .meta({ id: 'CommissionRule' });

export const commissionReportQuery = z
  .object({ from: dateField, to: dateField })
  .refine((query) => query.from <= query.to, { error: 'from must not be after to', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 366 * 86_400_000, {
    error: 'A report covers at most 366 days',
    path: ['to'],
  });

export const commissionLine = z.strictObject({
  id: objectId,
  /** appointment: one service line of a completed appointment; package_sale: a paid package sale. */
  source_type: z.enum(['appointment', 'package_sale']),
  /** The appointment or the customer package. */
  source_id: objectId,
  /** earned, or reversed: the share of an earning a refund took back (negative amount). */
  kind: z.enum(['earned', 'reversed']),
  service_id: objectId.nullable(),
  /** The service's or the package's name. */
  description: z.string(),
  /** The line's booked price, or what the package sale was paid. */
  base_amount: moneyStringSchema,
  /** The percentage used when it was earned (a later rule change does not alter it). */
  rate: moneyStringSchema,
  amount: signedMoney,
  currency: z.string(),
  /** When: the appointment's start, the sale's payment, the refund. */
  occurred_at: timestamp,
  /** `occurred_at` as a date in the tenant's time zone (what the period is of). */
  local_date: z.string(),
});

export const commissionReport = z
  .strictObject({
    staff_id: objectId,
    staff_name: z.string(),
    /** Dates in the tenant's time zone, both included. */
    period: z.strictObject({ from: z.string(), to: z.string() }),
    timezone: z.string(),
    currency: z.string(),
    lines: z.array(commissionLine),
    totals: z.strictObject({
      appointments: moneyStringSchema,
      package_sales: moneyStringSchema,
      reversals: signedMoney,
      total: signedMoney,
    }),
  })
  .meta({ id: 'CommissionReport' });

// A refund of a completed appointment's payment, whole or in part (TENANT_ADMIN).
export const paymentRefundBody = z.object({
  /** What to give back (at most what was paid, wallet part included); absent: all of it. */
  amount: amountField({ positive: true }).optional(),
  reason: z.string().trim().min(1).max(500),
});
export const paymentRefunded = z.strictObject({
  payment_id: objectId,
  status: z.literal('REFUNDED'),
  refunded_amount: moneyStringSchema,
  fee_kept: moneyStringSchema,
  currency: z.string(),
});
