/*
 * Wall-clock time in an IANA zone through Intl, without a time-zone library: the local date and minutes of an
 * instant, and the zone's offset from UTC. Scheduling books with these; calendar files (ics) describe zones with
 * the same data, so a calendar never disagrees with the booking.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local wall-clock date and minutes of an instant in a zone. */
export function localOf(instant: Date, timeZone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Offset of the zone from UTC at an instant, in milliseconds. */
export function offsetAt(instant: number, timeZone: string): number {
  const local = localOf(new Date(instant), timeZone);
  const seconds = new Date(instant).getUTCSeconds();
  const asUtc = Date.parse(`${local.date}T00:00:00Z`) + local.minutes * 60_000 + seconds * 1000;
  return asUtc - (instant - (instant % 1000));
}
