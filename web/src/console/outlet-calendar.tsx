import { useState } from 'react';
import type { ConsoleOutlet } from '../api/client';
import { todayIn } from '../shared/format';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { DayCalendar } from './day-calendar';
import { WeekCalendar } from './week-calendar';

/**
 * The outlet's calendar, a day (every staff member) or a week (one staff member) at a time: the switch keeps the
 * date, so the week shown is the one of the day that was shown, and back.
 */
export function OutletCalendar({ desk, outlet }: { desk: Desk; outlet: ConsoleOutlet }) {
  const { t } = useI18n();
  const [view, setView] = useState<'day' | 'week'>('day');
  const [day, setDay] = useState(() => todayIn(outlet.timezone));
  const Shown = view === 'day' ? DayCalendar : WeekCalendar;
  return (
    <>
      <div className="actions view-switch" role="group" aria-label={t.console.week.view}>
        {(['day', 'week'] as const).map((each) => (
          <button
            key={each}
            type="button"
            className={view === each ? 'primary' : 'secondary'}
            aria-pressed={view === each}
            onClick={() => setView(each)}
          >
            {each === 'day' ? t.console.week.dayView : t.console.week.weekView}
          </button>
        ))}
      </div>
      <Shown key={view} desk={desk} outlet={outlet} day={day} onDay={setDay} />
    </>
  );
}
