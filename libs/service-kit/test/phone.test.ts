import { ValidationError, normaliseOptionalPhone, normalisePhone, phoneRegionOf } from '../src';

const loc = ['body', 'phone'];

describe('normalisePhone', () => {
  it.each([
    ['0812 3456 7890', 'ID', '+6281234567890'],
    ['+62 812-3456-7890', 'ID', '+6281234567890'],
    ['62 812 3456 7890', 'ID', '+6281234567890'],
    ['(021) 555-1234', 'ID', '+62215551234'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['+44 20 7946 0958', 'ID', '+442079460958'],
    ['+62 812 3456 7890', 'GB', '+6281234567890'],
  ] as const)('%s typed in %s is %s', (raw, region, e164) => {
    expect(normalisePhone(raw, region, loc)).toBe(e164);
  });

  it.each([
    ['12345', 'ID'],
    ['0812 3456 7890', 'GB'],
    ['+1 555 123 4567', 'ID'],
    ['0000000000', 'ID'],
  ] as const)('%s in %s is a 422 in the validation shape', (raw, region) => {
    const error = (() => {
      try {
        normalisePhone(raw, region, loc);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 422,
      errors: [{ loc, type: 'value_error', msg: expect.stringContaining(region) }],
    });
  });

  it('passes undefined and null through', () => {
    expect(normaliseOptionalPhone(undefined, 'ID', loc)).toBeUndefined();
    expect(normaliseOptionalPhone(null, 'ID', loc)).toBeNull();
    expect(normaliseOptionalPhone('0812-3456-7890', 'ID', loc)).toBe('+6281234567890');
  });
});

describe('phoneRegionOf', () => {
  it('reads the time zone, then the currency, then defaults to Indonesia', () => {
    expect(phoneRegionOf({ timezone: 'Asia/Jayapura', currency: 'IDR' })).toBe('ID');
    expect(phoneRegionOf({ timezone: 'Europe/London', currency: 'IDR' })).toBe('GB');
    expect(phoneRegionOf({ timezone: 'Etc/UTC', currency: 'GBP' })).toBe('GB');
    expect(phoneRegionOf({ timezone: 'Etc/UTC', currency: 'EUR' })).toBe('ID');
    expect(phoneRegionOf({})).toBe('ID');
  });
});
