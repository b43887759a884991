import { z } from 'zod';
import { decimalSchema } from './http';
import { formatMoney, money } from './money';

/** numeric(14, 2): twelve digits before the point. */
const MAX_AMOUNT = '999999999999.99';

const decimalsOf = (value: string): number => {
  const amount = money(value);
  return Math.max(0, amount.c.length - amount.e - 1);
};

/**
 * An amount as number or decimal string: at most two decimals, within numeric(14, 2), >= 0 (or > 0 with
 * `positive`); normalised to the wire format "150000.00".
 */
export const amountField = ({ positive = false } = {}) =>
  decimalSchema
    .superRefine((value, ctx) => {
      const amount = money(value);
      if (positive ? amount.lte(0) : amount.lt(0)) {
        ctx.addIssue({ code: 'too_small', origin: 'number', minimum: 0, inclusive: !positive, input: value });
      } else if (amount.gt(MAX_AMOUNT)) {
        ctx.addIssue({
          code: 'too_big',
          origin: 'number',
          maximum: Number(MAX_AMOUNT),
          inclusive: true,
          input: value,
        });
      } else if (decimalsOf(value) > 2) {
        ctx.addIssue({
          code: 'custom',
          message: 'Decimal input should have no more than 2 decimal places',
          params: { type: 'decimal_max_places' },
          input: value,
        });
      }
    })
    .transform((value) => formatMoney(value));

export const currencyField = z
  .string()
  .regex(/^[A-Za-z]{3}$/, { error: 'Currency must be a 3-letter ISO 4217 code' })
  .transform((code) => code.toUpperCase());
