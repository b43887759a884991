import Big from 'big.js';
import {
  compareMoney,
  formatMoney,
  isId,
  money,
  mulMoney,
  newId,
  percentOf,
  roundToUnit,
  subMoney,
  sumMoney,
} from '../src';

describe('ids', () => {
  it('are 24 lowercase hex characters and unique', () => {
    const ids = Array.from({ length: 10_000 }, () => newId());
    for (const id of ids.slice(0, 100)) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every(isId)).toBe(true);
  });

  it('start with the big-endian creation second, so they sort by creation time', () => {
    const at = new Date('2025-03-01T10:00:00Z');
    const id = newId(at);
    expect(parseInt(id.slice(0, 8), 16)).toBe(at.getTime() / 1000);
    const later = [
      newId(at.getTime() + 1000),
      newId(at.getTime() + 60_000),
      newId(at.getTime() + 86_400_000),
    ];
    expect([...later].reverse().concat(id).sort()).toEqual([id, ...later]);
    expect(newId() > id).toBe(true);
  });

  it('isId rejects anything else', () => {
    expect(isId('ABCDEFABCDEFABCDEFABCDEF')).toBe(false);
    expect(isId('abc')).toBe(false);
    expect(isId(42)).toBe(false);
  });
});

describe('money', () => {
  it('never uses float arithmetic', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatMoney(sumMoney([0.1, 0.2]))).toBe('0.30');
    expect(formatMoney(sumMoney(['0.1', '0.2']))).toBe('0.30');
    expect(formatMoney(mulMoney('19.99', 3))).toBe('59.97');
    expect(formatMoney(subMoney('100', '99.99'))).toBe('0.01');
  });

  it('formats with exactly two decimals, half up', () => {
    expect(formatMoney(150000)).toBe('150000.00');
    expect(formatMoney('1.005')).toBe('1.01');
    expect(formatMoney('2.675')).toBe('2.68');
    expect(formatMoney('-0.001')).toBe('0.00');
    expect(formatMoney(new Big('1e3'))).toBe('1000.00');
  });

  it('computes percentages and rounds to a unit', () => {
    expect(formatMoney(percentOf(150000, 11))).toBe('16500.00');
    expect(percentOf('33.33', '2.5').toString()).toBe('0.83325');
    expect(roundToUnit('1234.5').toString()).toBe('1235');
    expect(roundToUnit('1234.49').toString()).toBe('1234');
    expect(roundToUnit('0.125', 2).toString()).toBe('0.13');
  });

  it('compares', () => {
    expect(compareMoney('10.00', 10)).toBe(0);
    expect(compareMoney('9.99', 10)).toBe(-1);
    expect(compareMoney(10.01, '10')).toBe(1);
  });

  it('rejects values that are not amounts', () => {
    expect(() => money(NaN)).toThrow(RangeError);
    expect(() => money(Infinity)).toThrow(RangeError);
    expect(() => money('abc')).toThrow('Invalid amount: "abc"');
    expect(() => money('')).toThrow(RangeError);
  });
});
