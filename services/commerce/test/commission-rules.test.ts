import { commissionOf, commissionTotals, reversalOf, serviceRateOf } from '../src/domain/commission-rules';

describe('commission rules', () => {
  const rule = { service_percent: '10.00', package_percent: '2.50', service_overrides: { s2: '12.50' } };

  it('takes a service override before the rule rate', () => {
    expect(serviceRateOf(rule, 's1')).toBe('10.00');
    expect(serviceRateOf(rule, 's2')).toBe('12.50');
  });

  it('rounds the commission once, half up, to the cent', () => {
    expect(commissionOf('99999.00', '12.50')).toBe('12499.88');
    expect(commissionOf('0.05', '10.00')).toBe('0.01');
    expect(commissionOf('0.04', '10.00')).toBe('0.00');
    expect(commissionOf('150000.00', '0.00')).toBe('0.00');
    expect(commissionOf('150000.00', '100.00')).toBe('150000.00');
  });

  it('reverses the refunded share, never more than was earned', () => {
    expect(reversalOf('10000.00', '1')).toBe('-10000.00');
    expect(reversalOf('10000.00', '0.3333333333')).toBe('-3333.33');
    expect(reversalOf('0.01', '0.5')).toBe('-0.01');
    expect(reversalOf('10000.00', '1.5')).toBe('-10000.00');
    expect(reversalOf('10000.00', '0')).toBe('0.00');
  });

  it('totals earnings and reversals by kind', () => {
    expect(
      commissionTotals([
        { source_type: 'appointment', kind: 'earned', amount: '15000.00' },
        { source_type: 'appointment', kind: 'earned', amount: '12499.88' },
        { source_type: 'package_sale', kind: 'earned', amount: '20000.00' },
        { source_type: 'appointment', kind: 'reversed', amount: '-3333.33' },
      ]),
    ).toEqual({
      appointments: '27499.88',
      package_sales: '20000.00',
      reversals: '-3333.33',
      total: '44166.55',
    });
  });
});
