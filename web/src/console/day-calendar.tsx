import { useState, type DragEvent } from 'react';
import type { ConsoleOutlet, ConsoleStaff, DayAppointment } from '../api/client';
import { Alert } from '../shared/alert';
import { formatDay, timeZoneLabel, todayIn } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { AppointmentPanel } from './appointment-panel';
import { CounterBooking } from './counter-booking';
import { HIDDEN, moveAppointment, ownStaff, useAppointments, useCalendarStaff } from './appointment-reads';
import { AppointmentButton, DropRows, TimeAxis } from './calendar-parts';
import { addDays, dayRange, rowsOf, ROW_REM } from './calendar-layout';
import type { Desk } from './console-page';

/**
 * The day calendar of one outlet: a column per staff member (a STAFF member's own only), appointments placed
 * by the outlet's wall-clock time, previous and next day. An appointment is dragged to another row of its
 * column to move it (PUT …/reschedule, same staff member); clicking it opens its actions. Kept current by
 * `useAppointments` (the live stream, or polling while it is down), so a booking made on the booking page
 * appears without a reload.
 */
export function DayCalendar(props: {
  desk: Desk;
  outlet: ConsoleOutlet;
  day: string;
  onDay(day: string): void;
}) {
  const { desk, outlet, day } = props;
  const { t, language } = useI18n();
  const timeZone = outlet.timezone;
  const { staff, error: staffError } = useCalendarStaff(desk, outlet);
  const { appointments, error: readError, live, refresh } = useAppointments(desk, outlet, day, day);
  const [selected, setSelected] = useState<string>();
  const [dragging, setDragging] = useState<DayAppointment>();
  const [dropAt, setDropAt] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [counterOpen, setCounterOpen] = useState(false);

  if (!ownStaff(desk).linked) return <p className="notice">{t.console.notLinked}</p>;

  const changed = (message?: string) => {
    setNotice(message);
    refresh();
  };

  const reschedule = async (appointment: DayAppointment, date: string, time: string): Promise<boolean> => {
    setError(undefined);
    setNotice(undefined);
    const refused = await moveAppointment(desk, appointment.id, date, time);
    setError(refused);
    if (refused === undefined) changed(t.console.moved);
    return refused === undefined;
  };

  const shown = (appointments ?? []).filter((item) => !HIDDEN.includes(item.status));
  const cancelled = (appointments ?? []).length - shown.length;
  const range = dayRange(shown);
  const rows = rowsOf(range);
  const zone = timeZoneLabel(timeZone, language);
  const current = shown.find((item) => item.id === selected);
  const columns = staff ?? [];

  const dragOver = (member: ConsoleStaff) => (time: string, event: DragEvent) => {
    if (!dragging || dragging.staff_id !== member.id) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropAt(`${member.id}@${time}`);
  };
  const drop = (member: ConsoleStaff) => (time: string, event: DragEvent) => {
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
          <button type="button" className="secondary" onClick={() => props.onDay(addDays(day, -1))}>
            {t.console.previousDay}
          </button>
          <button type="button" className="secondary" onClick={() => props.onDay(todayIn(timeZone))}>
            {t.console.today}
          </button>
          <button type="button" className="secondary" onClick={() => props.onDay(addDays(day, 1))}>
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
      <Alert message={error ?? readError ?? staffError} />
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
            <TimeAxis range={range} />
            {columns.map((member) => (
              <section key={member.id} className="staff-column" aria-labelledby={`column-${member.id}`}>
                <h3 id={`column-${member.id}`} className="column-head">
                  {member.display_name || `${member.first_name} ${member.last_name}`}
                </h3>
                <div className="column-body" style={{ height: `${rows.length * ROW_REM}rem` }}>
                  <DropRows
                    range={range}
                    place={{ 'data-staff': member.id }}
                    target={
                      dropAt?.startsWith(`${member.id}@`) ? dropAt.slice(member.id.length + 1) : undefined
                    }
                    onOver={dragOver(member)}
                    onLeave={() => setDropAt(undefined)}
                    onDrop={drop(member)}
                  />
                  {shown
                    .filter((item) => item.staff_id === member.id)
                    .map((item) => (
                      <AppointmentButton
                        key={item.id}
                        item={item}
                        range={range}
                        selected={selected === item.id}
                        onOpen={() => {
                          setCounterOpen(false);
                          setSelected(selected === item.id ? undefined : item.id);
                        }}
                        onDragStart={() => setDragging(item)}
                        onDragEnd={() => {
                          setDragging(undefined);
                          setDropAt(undefined);
                        }}
                      />
                    ))}
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
