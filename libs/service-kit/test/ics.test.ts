import { parseIcs } from '@salon/testing';
import { escapeText, foldLine, icsCalendar, offsetChanges, vtimezone, type IcsEvent } from '../src/ics';

const event = (overrides: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: '65a1b2c3d4e5f6a7b8c9d0e1@salon',
  sequence: 0,
  status: 'CONFIRMED',
  date: '2027-03-29',
  startTime: '10:00:00',
  endTime: '11:00:00',
  timezone: 'Europe/London',
  summary: 'Cut, wash; style\\ with Ani',
  location: 'Glow Salon, Soho',
  description: 'Cut and style\nWith Sari',
  createdAt: '2027-03-01T08:00:00.000Z',
  updatedAt: '2027-03-02T09:30:00.000Z',
  ...overrides,
});

const range = { from: new Date('2027-02-27T00:00:00Z'), to: new Date('2027-08-28T00:00:00Z') };

describe('ics rules', () => {
  it('escapes TEXT values', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const part of lines) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(lines.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('finds the daylight-saving changes of a zone, and none in Jakarta', () => {
    const from = Date.parse('2027-01-01T00:00:00Z');
    const to = Date.parse('2028-01-01T00:00:00Z');
    expect(offsetChanges('Europe/London', from, to).map((at) => new Date(at).toISOString())).toEqual([
      '2027-03-28T01:00:00.000Z',
      '2027-10-31T01:00:00.000Z',
    ]);
    expect(offsetChanges('Asia/Jakarta', from, to)).toEqual([]);
    expect(vtimezone('Asia/Jakarta', from, to)).toContain('TZOFFSETTO:+0700');
  });

  it('writes a calendar that an independent parser reads back at the same instants', () => {
    const text = icsCalendar({
      name: 'Sari, appointments',
      refreshMinutes: 15,
      range,
      events: [
        event(),
        event({
          uid: 'other@salon',
          timezone: 'Asia/Jakarta',
          date: '2027-04-01',
          startTime: '09:30:00',
          endTime: '10:15:00',
          status: 'CANCELLED',
          sequence: 2,
        }),
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    const { calendar, events } = parseIcs(text);
    expect(calendar.getAllSubcomponents('vtimezone')).toHaveLength(2);
    const [london, jakarta] = events;
    // 29 March 2027 is after London's change to BST (UTC+1): 10:00 local is 09:00 UTC.
    expect(london?.startDate.toJSDate().toISOString()).toBe('2027-03-29T09:00:00.000Z');
    expect(london?.endDate.toJSDate().toISOString()).toBe('2027-03-29T10:00:00.000Z');
    expect(london?.summary).toBe('Cut, wash; style\\ with Ani');
    expect(london?.description).toBe('Cut and style\nWith Sari');
    expect(london?.location).toBe('Glow Salon, Soho');
    expect(london?.uid).toBe('65a1b2c3d4e5f6a7b8c9d0e1@salon');
    expect(jakarta?.startDate.toJSDate().toISOString()).toBe('2027-04-01T02:30:00.000Z');
    expect(jakarta?.sequence).toBe(2);
    expect(jakarta?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('reads a winter London time in GMT from the same VTIMEZONE', () => {
    const { events } = parseIcs(
      icsCalendar({ name: 'x', refreshMinutes: 15, range, events: [event({ date: '2027-03-01' })] }),
    );
    const [winter] = events;
    expect(winter?.startDate.toJSDate().toISOString()).toBe('2027-03-01T10:00:00.000Z');
  });
});
