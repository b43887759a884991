import { staffLimit, upgradeRecommended, usageItem, usageWarnings } from '../src/domain/usage-rules';

describe('usageItem', () => {
  it.each([
    [0, 10, 0, 'within_limit'],
    [79, 100, 79, 'within_limit'],
    [80, 100, 80, 'within_limit'], // "above 80 percent": 80 % itself is still within
    [8, 10, 80, 'within_limit'],
    [81, 100, 81, 'approaching_limit'],
    [9, 10, 90, 'approaching_limit'],
    [1601, 2000, 80.05, 'approaching_limit'],
    [99, 100, 99, 'approaching_limit'],
    [100, 100, 100, 'at_limit'],
    [1, 1, 100, 'at_limit'],
    [101, 100, 101, 'exceeded'],
    [2, 1, 200, 'exceeded'],
    [1, 3, 33.33, 'within_limit'],
  ])('%i of %i → %d%% %s', (current, limit, percentage, status) => {
    expect(usageItem(current, limit)).toEqual({ current, limit, percentage, status });
  });

  it('unlimited whatever the count', () => {
    expect(usageItem(5000, -1)).toEqual({ current: 5000, limit: -1, percentage: 0, status: 'unlimited' });
  });

  it('a zero limit is reached at once', () => {
    expect(usageItem(0, 0).status).toBe('at_limit');
    expect(usageItem(1, 0)).toEqual({ current: 1, limit: 0, percentage: 100, status: 'exceeded' });
  });
});

describe('warnings and recommendation', () => {
  it('warns for approaching, reached and exceeded limits only, and recommends an upgrade then', () => {
    const usage = {
      outlets: usageItem(1, 1),
      staff: usageItem(2, 5),
      appointments_this_month: usageItem(120, 100),
      services: usageItem(9, 10),
    };
    expect(usageWarnings(usage)).toEqual([
      'Limit reached: 1/1 outlets',
      'Limit exceeded: 120/100 appointments this month (120%)',
      'Approaching limit: 9/10 services (90%)',
    ]);
    expect(upgradeRecommended(usage)).toBe(true);
    const calm = { outlets: usageItem(0, 1), services: usageItem(8, 10), staff: usageItem(3, -1) };
    expect(usageWarnings(calm)).toEqual([]);
    expect(upgradeRecommended(calm)).toBe(false);
  });

  it('staff limit is per outlet, at least one outlet', () => {
    expect(staffLimit(5, 0)).toBe(5);
    expect(staffLimit(5, 1)).toBe(5);
    expect(staffLimit(50, 3)).toBe(150);
    expect(staffLimit(-1, 3)).toBe(-1);
  });
});
