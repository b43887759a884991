import { offsetAt } from './time-zone';

/*
 * iCalendar (RFC 5545) text for calendar feeds and e-mail attachments: escaping, line folding, UTC stamps,
 * VTIMEZONE and VEVENT.
 * Local times stay local with the outlet's TZID; the VTIMEZONE is built from the same Intl zone data the
 * service books with (time-rules), one observance per offset change found in the feed's range.
 */

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const CRLF = '\r\n';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export const escapeText = (value: string): string =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/**
 * One content line folded at 75 octets (§3.1): continuation lines start with a space, and a multi-byte UTF-8
 * character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** 2026-11-26T23:10:00.000Z → 20261126T231000Z. */
export const utcStamp = (iso: string): string =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** "2026-11-26" and "09:30:00" → 20261126T093000 (a local DATE-TIME, for a TZID). */
export const localStamp = (date: string, time: string): string =>
  `${date.replace(/-/g, '')}T${time.replace(/:/g, '').padEnd(6, '0')}`;

/** +0700, -0330, +0000. */
function utcOffset(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
  return `${ms < 0 ? '-' : '+'}${hhmm}`;
}

/** The instants in [from, to) where the zone's offset changes, to the minute. */
export function offsetChanges(timeZone: string, from: number, to: number): number[] {
  const changes: number[] = [];
  for (let at = from; at < to; at += DAY_MS) {
    const next = Math.min(at + DAY_MS, to);
    if (offsetAt(at, timeZone) === offsetAt(next, timeZone)) continue;
    let low = at;
    let high = next;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetAt(middle, timeZone) === offsetAt(low, timeZone)) low = middle;
      else high = middle;
    }
    changes.push(high);
  }
  return changes;
}

/**
 * VTIMEZONE of an IANA zone over [from, to): a first observance at `from`, then one per offset change. An
 * observance is DAYLIGHT when its offset is above the smallest offset of the range, else STANDARD.
 */
export function vtimezone(timeZone: string, from: number, to: number): string[] {
  const changes = offsetChanges(timeZone, from, to);
  const starts = [from, ...changes];
  const offsets = starts.map((at) => offsetAt(at, timeZone));
  const standard = Math.min(...offsets);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  starts.forEach((at, index) => {
    const offset = offsets[index] as number;
    const before = index === 0 ? offset : (offsets[index - 1] as number);
    // DTSTART is the local time of the change, in the offset in force before it.
    const local = new Date(at + before).toISOString();
    const kind = offset > standard ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localStamp(local.slice(0, 10), local.slice(11, 19))}`,
      `TZOFFSETFROM:${utcOffset(before)}`,
      `TZOFFSETTO:${utcOffset(offset)}`,
      `END:${kind}`,
    );
  });
  lines.push('END:VTIMEZONE');
  return lines;
}

export type IcsStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

/** One appointment as an event: local date and times in `timezone`, stamps as ISO instants. */
export interface IcsEvent {
  uid: string;
  sequence: number;
  status: IcsStatus;
  date: string;
  startTime: string;
  endTime: string;
  timezone: string;
  summary: string;
  location?: string;
  description?: string;
  createdAt: string;
  updatedAt: string;
}

function veventLines(event: IcsEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.updatedAt)}`,
    `CREATED:${utcStamp(event.createdAt)}`,
    `LAST-MODIFIED:${utcStamp(event.updatedAt)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTART;TZID=${event.timezone}:${localStamp(event.date, event.startTime)}`,
    `DTEND;TZID=${event.timezone}:${localStamp(event.date, event.endTime)}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  lines.push('TRANSP:OPAQUE', 'END:VEVENT');
  return lines;
}

/**
 * A whole calendar: its name, one VTIMEZONE per zone its events use (covering `range`, widened by a year each
 * side so that an event's own observance is always inside), the events, CRLF line ends, folded lines. A feed
 * says how often to refresh it (`refreshMinutes`); a one-off file (an e-mail attachment) does not.
 */
export function icsCalendar(calendar: {
  name: string;
  refreshMinutes?: number;
  range: { from: Date; to: Date };
  events: readonly IcsEvent[];
}): string {
  const from = calendar.range.from.getTime() - 366 * DAY_MS;
  const to = calendar.range.to.getTime() + 366 * DAY_MS;
  const zones = [...new Set(calendar.events.map((event) => event.timezone))].sort();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Salon platform//Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    ...(calendar.refreshMinutes === undefined
      ? []
      : [
          `REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`,
          `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`,
        ]),
    ...zones.flatMap((zone) => vtimezone(zone, from, to)),
    ...calendar.events.flatMap(veventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
