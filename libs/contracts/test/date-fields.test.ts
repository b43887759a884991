import { birthDateField, dateField, instantField, isCalendarDate, parseClockTime, timeField } from '../src';

describe('the shared date and time fields', () => {
  it('takes real days from 1900-01-01 to 2999-12-31 only', () => {
    for (const date of ['1900-01-01', '2024-02-29', '2000-02-29', '2026-12-31', '2999-12-31']) {
      expect(dateField.safeParse(date)).toEqual({ success: true, data: date });
    }
    for (const date of [
      '0000-01-01',
      '1899-12-31',
      '3000-01-01',
      '9999-12-31',
      '10000-01-01',
      '+02026-01-05',
    ]) {
      expect({ date, success: dateField.safeParse(date).success }).toEqual({ date, success: false });
    }
    for (const date of [
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-00-10',
      '2026-13-01',
      '2026-01-00',
      '2026-1-5',
      '26-01-05',
    ]) {
      expect({ date, calendar: isCalendarDate(date) }).toEqual({ date, calendar: false });
    }
    // Any year 0000-9999 is a calendar date; the range is the field's own rule.
    expect(isCalendarDate('0000-02-29')).toBe(true);
  });

  it('names what is wrong: the format, the range, a future birth date', () => {
    const issue = (schema: typeof dateField, value: string) => {
      const result = schema.safeParse(value);
      const first = result.success ? undefined : (result.error.issues[0] as { params?: { type?: string } });
      return first?.params?.type;
    };
    expect(issue(dateField, '2026-02-30')).toBe('date_from_datetime_parsing');
    expect(issue(dateField, '0000-01-01')).toBe('date_range');
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(issue(birthDateField, nextWeek)).toBe('date_past');
    expect(birthDateField.safeParse('1990-05-17').success).toBe(true);
  });

  it('takes times from 00:00 to 23:59, with or without :00 seconds, as minutes', () => {
    expect(timeField.parse('00:00')).toBe(0);
    expect(timeField.parse('23:59')).toBe(1439);
    expect(timeField.parse('09:30:00')).toBe(570);
    for (const time of ['24:00', '23:60', '24:00:00', '9:30', '09:5', '12:00:30', '-1:00', '']) {
      expect({ time, minutes: parseClockTime(time) }).toEqual({ time, minutes: undefined });
      expect(timeField.safeParse(time).success).toBe(false);
    }
  });

  it('takes instants within the same years and gives them back in UTC', () => {
    expect(instantField.parse('2026-03-01T10:00:00+07:00')).toBe('2026-03-01T03:00:00.000Z');
    for (const instant of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '2999-12-31T23:00:00-05:00']) {
      expect({ instant, success: instantField.safeParse(instant).success }).toEqual({
        instant,
        success: false,
      });
    }
  });
});
