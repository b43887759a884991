import { useEffect, useRef, useState, type DragEvent } from 'react';
import {
  api,
  bearer,
  detailOf,
  type ConsoleOutlet,
  type ConsoleStaff,
  type DayAppointment,
} from '../api/client';
import { Alert } from '../shared/alert';
import { formatDay, timeZoneLabel, todayIn } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { AppointmentPanel } from './appointment-panel';
import { CounterBooking } from './counter-booking';
import { followAppointmentChanges } from './appointment-stream';
import { addDays, dayRange, minutesOf, ROW_MINUTES, ROW_REM, rowsOf, timeOf } from './calendar-layout';
import type { Desk } from './console-page';
import { ownColumnOnly } from './console-session';

/**
 * How often the day's appointments are read again while the page is visible and the live stream is down (the
 * fallback; see docs/decisions.md, "The console" and "Live calendar"): 720 requests an hour at most, within the
 * staff rate limit of 1,000 per user and hour. A 429 waits for its Retry-After.
 */
export const POLL_MS = 5_000;
const HIDDEN = ['cancelled', 'rescheduled'];

/** A refused read: its message, and how long to wait before the next when the rate limit refused it. */
class Refused extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Every appointment of the outlet's day that the token may see (pages of 100). */
async function appointmentsOf(desk: Desk, outletId: string, day: string, staffId?: string) {
  const items: DayAppointment[] = [];
  for (let page = 1; ; page += 1) {
    const { data, error, response } = await api.GET('/api/v1/appointments', {
      params: {
        query: { outlet_id: outletId, start_date: day, end_date: day, size: 100, page, staff_id: staffId },
      },
      headers: bearer(desk.session.accessToken),
    });
    if (!data) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new Refused(
        desk.refusal(response, detailOf(error)),
        response.status === 429 ? Math.max(retryAfter || 60, 1) * 1000 : undefined,
      );
    }
    items.push(...data.items);
    if (page >= data.pages) return items;
  }
}

/**
 * The day calendar of one outlet: a column per staff member (a STAFF member's own only), appointments placed
 * by the outlet's wall-clock time, previous and next day. An appointment is dragged to another row of its
 * column to move it (PUT …/reschedule, same staff member); clicking it opens its actions. Read again when the
 * live stream announces a change of the day, or every few seconds while the stream is down, so a booking made on
 * the booking page appears without a reload.
 */
export function DayCalendar({ desk, outlet }: { desk: Desk; outlet: ConsoleOutlet }) {
  const { t, language } = useI18n();
  const timeZone = outlet.timezone;
  const [day, setDay] = useState(() => todayIn(timeZone));
  const [staff, setStaff] = useState<ConsoleStaff[]>();
  const [appointments, setAppointments] = useState<DayAppointment[]>();
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<string>();
  const [dragging, setDragging] = useState<DayAppointment>();
  const [dropAt, setDropAt] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [live, setLive] = useState(false);
  const [counterOpen, setCounterOpen] = useState(false);
  const shownDay = useRef(day);
  shownDay.current = day;
  // Which outlet's day is shown, and the newest read applied: a read started before a newer one finished is
  // dropped, but one still running when the next change arrives is not (under a steady run of changes each
  // would otherwise cancel the last, and the calendar would never be refreshed).
  const shownView = useRef('');
  shownView.current = `${outlet.id}/${day}`;
  const reads = useRef({ started: 0, applied: 0 });
  const own = ownColumnOnly(desk.session.role) ? desk.session.staffId : undefined;
  const linked = !ownColumnOnly(desk.session.role) || own !== undefined;

  useEffect(() => {
    if (!linked) return;
    setStaff(undefined);
    void api
      .GET('/api/v1/staff', {
        params: { query: { outlet_id: outlet.id, size: 100 } },
        headers: bearer(desk.session.accessToken),
      })
      .then(({ data, error: refused, response }) => {
        if (!data) return setError(desk.refusal(response, detailOf(refused)));
        setStaff(own ? data.items.filter((member) => member.id === own) : data.items);
      });
  }, [outlet.id, desk.session.accessToken]);

  useEffect(() => {
    if (!linked) return;
    return followAppointmentChanges({
      token: desk.session.accessToken,
      outletId: outlet.id,
      onState: (state) => setLive(state === 'live'),
      onChange: (change) => {
        if (change.dates.includes(shownDay.current)) setVersion((count) => count + 1);
      },
      onRefused: (response) => setError(desk.refusal(response, undefined)),
    });
  }, [outlet.id, desk.session.accessToken]);

  // Read when shown, after every change the stream announces, when the stream comes up (what it missed while
  // down) and goes down; and every few seconds while it is down.
  useEffect(() => {
    if (!linked) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void read(), ms);
    };
    const read = async () => {
      // A hidden tab reads nothing; it reads at once when shown again.
      if (document.visibilityState === 'hidden') return;
      const view = `${outlet.id}/${day}`;
      const started = ++reads.current.started;
      try {
        const items = await appointmentsOf(desk, outlet.id, day, own);
        if (shownView.current !== view || started < reads.current.applied) return;
        reads.current.applied = started;
        setAppointments(items);
        setError(undefined);
        if (current && !live) next(POLL_MS);
      } catch (reason) {
        if (!current) return;
        setError(reason instanceof Error ? reason.message : String(reason));
        next(reason instanceof Refused && reason.retryAfterMs ? reason.retryAfterMs : POLL_MS);
      }
    };
    const shown = () => {
      if (document.visibilityState === 'visible') void read();
    };
    document.addEventListener('visibilitychange', shown);
    void read();
    return () => {
      current = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [outlet.id, day, version, live, desk.session.accessToken]);

  if (!linked) return <p className="notice">{t.console.notLinked}</p>;

  const changed = (message?: string) => {
    setNotice(message);
    setVersion((count) => count + 1);
  };

  const reschedule = async (appointment: DayAppointment, date: string, time: string): Promise<boolean> => {
    setError(undefined);
    setNotice(undefined);
    const {
      data,
      error: refused,
      response,
    } = await api.PUT('/api/v1/appointments/{appointment_id}/reschedule', {
      params: { path: { appointment_id: appointment.id } },
      headers: bearer(desk.session.accessToken),
      body: { new_date: date, new_start_time: time },
    });
    if (!data) {
      setError(desk.refusal(response, detailOf(refused)));
      return false;
    }
    changed(t.console.moved);
    return true;
  };

  const shown = (appointments ?? []).filter((item) => !HIDDEN.includes(item.status));
  const cancelled = (appointments ?? []).length - shown.length;
  const range = dayRange(shown);
  const rows = rowsOf(range);
  const zone = timeZoneLabel(timeZone, language);
  const current = shown.find((item) => item.id === selected);
  const columns = staff ?? [];

  const dragOver = (member: ConsoleStaff, time: string) => (event: DragEvent) => {
    if (!dragging || dragging.staff_id !== member.id) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropAt(`${member.id}@${time}`);
  };
  const drop = (member: ConsoleStaff, time: string) => (event: DragEvent) => {
    event.preventDefault();
    const moving = dragging;
    setDragging(undefined);
    setDropAt(undefined);
    if (!moving || moving.staff_id !== member.id) return;
    if (moving.start_time.slice(0, 5) === time) return;
    void reschedule(moving, day, time);
  };

  return (
    <section className="stack" aria-labelledby="calendar-heading">
      <div className="day-bar">
        <h2 id="calendar-heading">{t.console.dayOf(formatDay(day, language, true))}</h2>
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setDay(addDays(day, -1))}>
            {t.console.previousDay}
          </button>
          <button type="button" className="secondary" onClick={() => setDay(todayIn(timeZone))}>
            {t.console.today}
          </button>
          <button type="button" className="secondary" onClick={() => setDay(addDays(day, 1))}>
            {t.console.nextDay}
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => {
              setSelected(undefined);
              setCounterOpen(true);
            }}
          >
            {t.console.counter.open}
          </button>
        </div>
      </div>
      <p className="hint">
        {t.timesIn(timeZone, zone)} {live ? t.console.liveStream : t.console.livePolling}
      </p>
      <p className="hint">{t.console.dragHint}</p>
      <Alert message={error} />
      <p role="status" className="console-notice">
        {notice ?? ''}
      </p>
      {!staff || !appointments ? <p role="status">{t.loading}</p> : null}
      {staff && staff.length === 0 ? <p className="muted">{t.console.noStaff}</p> : null}
      {appointments && shown.length === 0 ? <p className="muted">{t.console.nothingToday}</p> : null}
      {cancelled > 0 ? <p className="muted">{t.console.cancelledCount(cancelled)}</p> : null}
      {/* On a wide screen the open appointment's panel stands beside the grid, not below the fold. */}
      <div className={current || counterOpen ? 'calendar-layout with-panel' : 'calendar-layout'}>
        {columns.length > 0 ? (
          <div className="day-grid">
            <div className="time-axis" aria-hidden="true">
              <div className="column-head" />
              <div className="column-body">
                {rows
                  .filter((minute) => minute % 60 === 0)
                  .map((minute) => (
                    <span
                      key={minute}
                      className="hour"
                      style={{ top: `${((minute - range.from) / ROW_MINUTES) * ROW_REM}rem` }}
                    >
                      {timeOf(minute)}
                    </span>
                  ))}
              </div>
            </div>
            {columns.map((member) => (
              <section key={member.id} className="staff-column" aria-labelledby={`column-${member.id}`}>
                <h3 id={`column-${member.id}`} className="column-head">
                  {member.display_name || `${member.first_name} ${member.last_name}`}
                </h3>
                <div className="column-body" style={{ height: `${rows.length * ROW_REM}rem` }}>
                  {rows.map((minute) => {
                    const time = timeOf(minute);
                    return (
                      <div
                        key={minute}
                        className={`slot${minute % 60 === 0 ? ' hour-line' : ''}${dropAt === `${member.id}@${time}` ? ' drop-target' : ''}`}
                        data-staff={member.id}
                        data-time={time}
                        title={t.console.dropHere(time)}
                        onDragOver={dragOver(member, time)}
                        onDragLeave={() => setDropAt(undefined)}
                        onDrop={drop(member, time)}
                      />
                    );
                  })}
                  {shown
                    .filter((item) => item.staff_id === member.id)
                    .map((item) => {
                      const start = minutesOf(item.start_time);
                      const end = minutesOf(item.end_time) || 24 * 60;
                      const service = item.services.map((line) => line.service_name).join(', ');
                      const customer = item.customer_name ?? t.console.walkIn;
                      const status = t.statuses[item.status] ?? item.status;
                      const time = `${item.start_time.slice(0, 5)}–${item.end_time.slice(0, 5)}`;
                      return (
                        <button
                          key={item.id}
                          type="button"
                          draggable={item.status === 'pending' || item.status === 'confirmed'}
                          className={`appointment status-${item.status}${selected === item.id ? ' selected' : ''}`}
                          style={{
                            top: `${((start - range.from) / ROW_MINUTES) * ROW_REM}rem`,
                            height: `${(Math.max(end - start, ROW_MINUTES) / ROW_MINUTES) * ROW_REM}rem`,
                          }}
                          aria-pressed={selected === item.id}
                          data-appointment={item.id}
                          onClick={() => {
                            setCounterOpen(false);
                            setSelected(selected === item.id ? undefined : item.id);
                          }}
                          onDragStart={(event) => {
                            event.dataTransfer.setData('text/plain', item.id);
                            event.dataTransfer.effectAllowed = 'move';
                            setDragging(item);
                          }}
                          onDragEnd={() => {
                            setDragging(undefined);
                            setDropAt(undefined);
                          }}
                        >
                          {/* One line each; the hidden commas make the button's name read as a sentence. */}
                          <span className="appointment-time">
                            {time}
                            <span className="visually-hidden">, </span>
                          </span>
                          <span className="appointment-title">
                            {service}
                            <span className="visually-hidden">, </span>
                          </span>
                          <span>
                            {customer}
                            <span className="visually-hidden">, </span>
                          </span>
                          <span className="appointment-status">{status}</span>
                        </button>
                      );
                    })}
                </div>
              </section>
            ))}
          </div>
        ) : null}
        {counterOpen && staff ? (
          <CounterBooking
            desk={desk}
            outletId={outlet.id}
            day={day}
            staff={columns}
            onBooked={(message) => {
              setCounterOpen(false);
              changed(message);
            }}
            onClose={() => setCounterOpen(false)}
          />
        ) : null}
        {current ? (
          <AppointmentPanel
            key={current.id}
            desk={desk}
            appointment={current}
            staffName={columns.find((member) => member.id === current.staff_id)?.display_name}
            onChanged={changed}
            onMove={(date, time) => reschedule(current, date, time)}
            onClose={() => setSelected(undefined)}
          />
        ) : null}
      </div>
    </section>
  );
}
