import Big from 'big.js';

/** Amounts arrive as numbers or decimal strings; everything after parsing is big.js decimal arithmetic. */
export type MoneyInput = string | number | Big;

/** Parses an amount; NaN, Infinity and non-numeric strings are rejected rather than silently becoming 0. */
export function money(value: MoneyInput): Big {
  if (value instanceof Big) return value;
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`Invalid amount: ${value}`);
  try {
    return new Big(value);
  } catch {
    throw new RangeError(`Invalid amount: ${JSON.stringify(value)}`);
  }
}

/** The wire format: exactly two decimals, half up, and never "-0.00". */
export function formatMoney(value: MoneyInput): string {
  const amount = money(value);
  return (amount.eq(0) ? new Big(0) : amount).toFixed(2, Big.roundHalfUp).replace(/^-(0\.00)$/, '$1');
}

export const sumMoney = (values: Iterable<MoneyInput>): Big => {
  let total = new Big(0);
  for (const value of values) total = total.plus(money(value));
  return total;
};

export const subMoney = (a: MoneyInput, b: MoneyInput): Big => money(a).minus(money(b));

export const mulMoney = (a: MoneyInput, b: MoneyInput): Big => money(a).times(money(b));

/** `percent` of `amount`, unrounded: round once at the end with roundToUnit or formatMoney. */
export const percentOf = (amount: MoneyInput, percent: MoneyInput): Big =>
  money(amount).times(money(percent)).div(100);

/** Rounds half up to `decimals` places (0 → whole units, e.g. for currencies without minor units). */
export const roundToUnit = (value: MoneyInput, decimals = 0): Big =>
  money(value).round(decimals, Big.roundHalfUp);

export const compareMoney = (a: MoneyInput, b: MoneyInput): -1 | 0 | 1 => money(a).cmp(money(b));
