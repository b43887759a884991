import { customerLoyalty, pointsFor } from '../src/domain/loyalty-rules';

const visit = (
  appointment_id: string,
  appointment_date: string,
  total_price: string | null = '100000.00',
) => ({
  appointment_id,
  appointment_date,
  total_price,
});

describe('customer loyalty rules', () => {
  it('counts payments less refunds, and completed visits nothing was paid for through the platform', () => {
    const loyalty = customerLoyalty({
      completed: [visit('a1', '2026-12-01'), visit('a2', '2026-12-05'), visit('a3', '2026-12-03')],
      money: [
        { kind: 'payment', appointment_id: 'a1', amount: '108000.00' },
        { kind: 'redemption', appointment_id: 'a3', amount: '0.00' },
        { kind: 'payment', appointment_id: null, amount: '2500000.00' },
        { kind: 'payment', appointment_id: 'a4', amount: '108000.00' },
        { kind: 'refund', appointment_id: 'a4', amount: '108000.00' },
      ],
    });
    // a1 paid online (108,000, not its price again), a2 at the venue (100,000), a3 with a package credit.
    expect(loyalty).toEqual({
      total_appointments: 3,
      last_appointment_date: '2026-12-05',
      total_spent: '2708000.00',
    });
  });

  it('a refunded visit that was completed is counted once, by what was kept', () => {
    const loyalty = customerLoyalty({
      completed: [visit('a1', '2026-12-01')],
      money: [
        { kind: 'payment', appointment_id: 'a1', amount: '108000.00' },
        { kind: 'refund', appointment_id: 'a1', amount: '58000.00' },
      ],
    });
    expect(loyalty.total_spent).toBe('50000.00');
  });

  it('never goes below zero and starts empty', () => {
    expect(
      customerLoyalty({ completed: [], money: [{ kind: 'refund', appointment_id: null, amount: '5.00' }] }),
    ).toEqual({ total_appointments: 0, last_appointment_date: null, total_spent: '0.00' });
  });

  it('earns one point per 10,000 rupiah, rounded down, and about the same value in other currencies', () => {
    expect(pointsFor('108000.00', 'IDR')).toBe(10);
    expect(pointsFor('9999.99', 'IDR')).toBe(0);
    expect(pointsFor('2708000.00', 'IDR')).toBe(270);
    expect(pointsFor('35.50', 'USD')).toBe(35);
    expect(pointsFor('35.50', 'MYR')).toBe(11);
  });
});
