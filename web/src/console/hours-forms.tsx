import { useState, type FormEvent, type ReactNode } from 'react';
import { api, bearer, detailOf } from '../api/client';
import { Alert } from '../shared/alert';
import { formatDay } from '../shared/format';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';

/** Time off is whole days: the latest time on the API's 5-minute grid ends the day. */
export const WHOLE_DAY = { start: '00:00', end: '23:55' };

const EVERY_DAY = 'week';

type Entry = {
  staff_id: string;
  date: string;
  start_time: string;
  end_time: string;
  availability_type: 'working_hours' | 'break' | 'vacation';
  recurrence_type?: 'none' | 'daily';
  recurrence_end_date?: string;
};

/**
 * The forms that add to a staff member's week: working hours on one day or the same hours on every day of the
 * week (POST /availability/bulk: all seven or none), a break within a day's hours, and time off from a first to
 * a last day (one daily pattern). The API refuses overlaps and breaks outside working hours with its reason.
 */
export function HoursForms(props: {
  desk: Desk;
  staffId: string;
  days: string[];
  onCreated(count: number): void;
}) {
  const { desk, staffId, days } = props;
  const { t, language } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const headers = bearer(desk.session.accessToken);

  const create = async (entries: Entry[]) => {
    setBusy(true);
    setError(undefined);
    const {
      data,
      error: refused,
      response,
    } = entries.length === 1
      ? await api.POST('/api/v1/availability', { headers, body: entries[0]! })
      : await api.POST('/api/v1/availability/bulk', { headers, body: { entries } });
    setBusy(false);
    if (!data) return setError(desk.refusal(response, detailOf(refused)));
    const count =
      'total_entries_created' in data
        ? data.total_entries_created
        : 'summary' in data
          ? data.summary.total_entries_created
          : 1;
    props.onCreated(count);
  };

  const dayOptions = days.map((day) => (
    <option key={day} value={day}>
      {formatDay(day, language)}
    </option>
  ));

  return (
    <div className="stack hours-forms">
      <Alert message={error} />
      <HoursForm
        id="work"
        title={t.console.team.workTitle}
        submit={t.console.team.addHours}
        busy={busy}
        initial={{ day: EVERY_DAY, from: '09:00', until: '17:00' }}
        dayOptions={
          <>
            <option value={EVERY_DAY}>{t.console.team.everyDay}</option>
            {dayOptions}
          </>
        }
        onSubmit={({ day, from, until }) =>
          create(
            (day === EVERY_DAY ? days : [day]).map((date) => ({
              staff_id: staffId,
              date,
              start_time: from,
              end_time: until,
              availability_type: 'working_hours',
            })),
          )
        }
      />
      <HoursForm
        id="break"
        title={t.console.team.breakTitle}
        submit={t.console.team.addBreak}
        busy={busy}
        initial={{ day: days[0]!, from: '12:00', until: '13:00' }}
        dayOptions={dayOptions}
        onSubmit={({ day, from, until }) =>
          create([
            { staff_id: staffId, date: day, start_time: from, end_time: until, availability_type: 'break' },
          ])
        }
      />
      <TimeOffForm
        busy={busy}
        firstDay={days[0]!}
        onSubmit={(first, last) =>
          create([
            {
              staff_id: staffId,
              date: first,
              start_time: WHOLE_DAY.start,
              end_time: WHOLE_DAY.end,
              availability_type: 'vacation',
              ...(last > first ? { recurrence_type: 'daily', recurrence_end_date: last } : {}),
            },
          ])
        }
      />
    </div>
  );
}

interface DayHours {
  day: string;
  from: string;
  until: string;
}

function HoursForm(props: {
  id: string;
  title: string;
  submit: string;
  busy: boolean;
  initial: DayHours;
  dayOptions: ReactNode;
  onSubmit(hours: DayHours): Promise<void>;
}) {
  const { t } = useI18n();
  const [hours, setHours] = useState(props.initial);
  const id = (name: string) => `${props.id}-${name}`;
  const send = (event: FormEvent) => {
    event.preventDefault();
    void props.onSubmit(hours);
  };
  const time = (name: 'from' | 'until', label: string) => (
    <div className="field">
      <label htmlFor={id(name)}>{label}</label>
      <input
        id={id(name)}
        type="time"
        step={300}
        required
        value={hours[name]}
        onChange={(event) => setHours({ ...hours, [name]: event.target.value })}
      />
    </div>
  );
  return (
    <form className="form hours-form" aria-labelledby={id('title')} onSubmit={send}>
      <h4 id={id('title')}>{props.title}</h4>
      <div className="field">
        <label htmlFor={id('day')}>{t.console.team.day}</label>
        <select
          id={id('day')}
          value={hours.day}
          onChange={(event) => setHours({ ...hours, day: event.target.value })}
        >
          {props.dayOptions}
        </select>
      </div>
      {time('from', t.console.team.from)}
      {time('until', t.console.team.until)}
      <button type="submit" className="secondary" disabled={props.busy}>
        {props.submit}
      </button>
    </form>
  );
}

function TimeOffForm(props: {
  busy: boolean;
  firstDay: string;
  onSubmit(first: string, last: string): Promise<void>;
}) {
  const { t } = useI18n();
  const [first, setFirst] = useState(props.firstDay);
  const [last, setLast] = useState(props.firstDay);
  const send = (event: FormEvent) => {
    event.preventDefault();
    void props.onSubmit(first, last < first ? first : last);
  };
  return (
    <form className="form hours-form" aria-labelledby="off-title" onSubmit={send}>
      <h4 id="off-title">{t.console.team.timeOffTitle}</h4>
      <div className="field">
        <label htmlFor="off-first">{t.console.team.firstDay}</label>
        <input
          id="off-first"
          type="date"
          required
          value={first}
          onChange={(event) => setFirst(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="off-last">{t.console.team.lastDay}</label>
        <input
          id="off-last"
          type="date"
          required
          min={first}
          value={last}
          onChange={(event) => setLast(event.target.value)}
        />
      </div>
      <button type="submit" className="secondary" disabled={props.busy}>
        {t.console.team.addTimeOff}
      </button>
    </form>
  );
}
