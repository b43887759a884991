import { useEffect, useState } from 'react';
import {
  api,
  bearer,
  detailOf,
  type AvailabilityEntry,
  type ConsoleOutlet,
  type ConsoleStaff,
} from '../api/client';
import { Alert } from '../shared/alert';
import { formatDay, formatTime, timeZoneLabel, todayIn } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { addDays, mondayOf } from './calendar-layout';
import type { Desk } from './console-page';
import { HoursForms, WHOLE_DAY } from './hours-forms';

/**
 * One staff member's week (Monday to Sunday): their working hours, breaks and time off from
 * GET /availability, each deletable, and the forms that add more. Times are the outlet's wall clock.
 */
export function StaffHours(props: {
  desk: Desk;
  outlet: ConsoleOutlet;
  member: ConsoleStaff;
  onClose(): void;
}) {
  const { desk, outlet, member } = props;
  const { t, language } = useI18n();
  const timeZone = outlet.timezone;
  const [monday, setMonday] = useState(() => mondayOf(todayIn(timeZone)));
  const [entries, setEntries] = useState<AvailabilityEntry[]>();
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const headers = bearer(desk.session.accessToken);
  const days = [0, 1, 2, 3, 4, 5, 6].map((offset) => addDays(monday, offset));
  const name = `${member.first_name} ${member.last_name}`;
  const headingId = `hours-${member.id}`;

  useEffect(() => {
    setEntries(undefined);
    // A week's answer that arrives after the next week was asked for must not show under the next week's days.
    let current = true;
    void api
      .GET('/api/v1/availability', {
        params: { query: { staff_id: member.id, start_date: days[0], end_date: days[6], size: 100 } },
        headers,
      })
      .then(({ data, error: refused, response }) => {
        if (!current) return;
        if (data) setEntries(data.items);
        else setError(desk.refusal(response, detailOf(refused)));
      });
    return () => {
      current = false;
    };
  }, [member.id, monday, version]);

  const changed = (message: string) => {
    setError(undefined);
    setNotice(message);
    setVersion((count) => count + 1);
  };

  const remove = async (entry: AvailabilityEntry) => {
    setNotice(undefined);
    const { error: refused, response } = await api.DELETE('/api/v1/availability/{availability_id}', {
      params: { path: { availability_id: entry.id } },
      headers,
    });
    if (!response.ok) return setError(desk.refusal(response, detailOf(refused)));
    changed(t.console.team.deleted);
  };

  const describe = (entry: AvailabilityEntry) => {
    const type = t.console.team.types[entry.availability_type] ?? entry.availability_type;
    const whole =
      entry.start_time.slice(0, 5) === WHOLE_DAY.start && entry.end_time.slice(0, 5) === WHOLE_DAY.end;
    if (whole) return `${type}, ${t.console.team.wholeDay}`;
    return `${type} ${formatTime(entry.start_time, timeZone, language)} – ${formatTime(entry.end_time, timeZone, language)}`;
  };

  const ofDay = (day: string) =>
    (entries ?? [])
      .filter((entry) => entry.date === day)
      .sort((a, b) => a.start_time.localeCompare(b.start_time));

  return (
    <section className="card stack staff-hours" aria-labelledby={headingId}>
      <h3 id={headingId}>{t.console.team.hoursTitle(name)}</h3>
      <div className="day-bar">
        <p>
          <strong>
            {t.console.team.week(formatDay(days[0]!, language), formatDay(days[6]!, language, true))}
          </strong>
        </p>
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setMonday(addDays(monday, -7))}>
            {t.console.team.previousWeek}
          </button>
          <button type="button" className="secondary" onClick={() => setMonday(mondayOf(todayIn(timeZone)))}>
            {t.console.team.thisWeek}
          </button>
          <button type="button" className="secondary" onClick={() => setMonday(addDays(monday, 7))}>
            {t.console.team.nextWeek}
          </button>
        </div>
      </div>
      <p className="hint">{t.timesIn(timeZone, timeZoneLabel(timeZone, language))}</p>
      <Alert message={error} />
      <p role="status" className="console-notice">
        {notice ?? ''}
      </p>
      {!entries ? <p role="status">{t.loading}</p> : null}
      <ol className="plain week-list">
        {days.map((day) => (
          <li key={day} className="week-day">
            <h4>{formatDay(day, language)}</h4>
            {entries && ofDay(day).length === 0 ? <p className="muted">{t.console.team.notWorking}</p> : null}
            <ul className="plain">
              {ofDay(day).map((entry) => (
                <li key={entry.id} className={`entry entry-${entry.availability_type}`}>
                  <span>{describe(entry)}</span>{' '}
                  <button type="button" className="link" onClick={() => void remove(entry)}>
                    {t.console.team.delete}
                    <span className="visually-hidden">
                      {' '}
                      {t.console.team.deleteWhat(describe(entry), formatDay(day, language))}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <HoursForms
        key={monday}
        desk={desk}
        staffId={member.id}
        days={days}
        onCreated={(count) => changed(t.console.team.created(count))}
      />
      <div className="actions">
        <button type="button" className="link" onClick={props.onClose}>
          {t.close}
        </button>
      </div>
    </section>
  );
}
