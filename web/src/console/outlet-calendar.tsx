import { useState } from 'react';
import type { ConsoleOutlet } from '../api/client';
import { todayIn } from '../shared/format';
import type { Desk } from './console-page';
import { DayCalendar } from './day-calendar';

/** The outlet's calendar: the day shown is kept here. */
export function OutletCalendar({ desk, outlet }: { desk: Desk; outlet: ConsoleOutlet }) {
  const [day, setDay] = useState(() => todayIn(outlet.timezone));
  return <DayCalendar desk={desk} outlet={outlet} day={day} onDay={setDay} />;
}
