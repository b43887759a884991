import type ICALModule from 'ical.js' with { 'resolution-mode': 'import' };

// ical.js is an ES module with a CommonJS build, which this CommonJS package loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ICAL = require('ical.js') as typeof ICALModule;

/**
 * An iCalendar document parsed with ical.js, an independent RFC 5545 parser (calendar feed tests): its
 * VTIMEZONEs registered, so each event's local times convert to the instants the feed meant.
 */
export function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)),
  };
}
