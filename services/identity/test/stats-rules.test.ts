import { appointmentBreakdown, monthRange } from '../src/domain/stats-rules';

describe('month of the tenant', () => {
  it('uses the tenant timezone at month boundaries', () => {
    const instant = new Date('2026-01-31T20:00:00Z');
    expect(monthRange(instant, 'UTC')).toEqual({ from: '2026-01-01', to: '2026-02-01' });
    expect(monthRange(instant, 'Asia/Jakarta')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
    expect(monthRange(new Date('2026-12-15T00:00:00Z'), 'Asia/Jakarta')).toEqual({
      from: '2026-12-01',
      to: '2027-01-01',
    });
    expect(monthRange(new Date('2026-03-01T02:00:00Z'), 'America/New_York')).toEqual({
      from: '2026-02-01',
      to: '2026-03-01',
    });
  });
});

describe('appointment breakdown', () => {
  it('counts every status in the total and the five listed ones by name', () => {
    expect(
      appointmentBreakdown([
        { status: 'confirmed', count: 2 },
        { status: 'checked_in', count: 1 },
        { status: 'no_show', count: 3 },
      ]),
    ).toEqual({
      this_month: 6,
      this_month_by_status: { confirmed: 2, pending: 0, completed: 0, cancelled: 0, no_show: 3 },
    });
    expect(appointmentBreakdown([]).this_month).toBe(0);
  });
});
