import { useState, type DragEvent } from 'react';
import type { ConsoleOutlet, ConsoleStaff, DayAppointment } from '../api/client';
import { Alert } from '../shared/alert';
import { formatDay, timeZoneLabel, todayIn } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { AppointmentPanel } from './appointment-panel';
import { HIDDEN, moveAppointment, ownStaff, useAppointments, useCalendarStaff } from './appointment-reads';
import { AppointmentButton, DropRows, TimeAxis } from './calendar-parts';
import { addDays, dayRange, mondayOf, rowsOf, ROW_REM } from './calendar-layout';
import type { Desk } from './console-page';

/**
 * The week calendar of one staff member (a STAFF user: their own): a column per day from Monday to Sunday of
 * the week of `day`, appointments placed by the outlet's wall-clock time, previous, this and next week. An
 * appointment is dragged to another day and row to move it (PUT …/reschedule, same staff member); clicking it
 * opens the day view's actions. Kept current as the day view is (`useAppointments`).
 */
export function WeekCalendar(props: {
  desk: Desk;
  outlet: ConsoleOutlet;
  day: string;
  onDay(day: string): void;
}) {
  const { t } = useI18n();
  const { staff, error } = useCalendarStaff(props.desk, props.outlet);
  if (!ownStaff(props.desk).linked) return <p className="notice">{t.console.notLinked}</p>;
  if (!staff) return error ? <Alert message={error} /> : <p role="status">{t.loading}</p>;
  if (staff.length === 0) return <p className="muted">{t.console.noStaff}</p>;
  return <StaffWeek {...props} staff={staff} />;
}

/** The week of the chosen staff member, with the staff picker when there is more than one. */
function StaffWeek(props: {
  desk: Desk;
  outlet: ConsoleOutlet;
  day: string;
  onDay(day: string): void;
  staff: ConsoleStaff[];
}) {
  const { desk, outlet, day, staff } = props;
  const { t, language } = useI18n();
  const timeZone = outlet.timezone;
  const monday = mondayOf(day);
  const days = [0, 1, 2, 3, 4, 5, 6].map((offset) => addDays(monday, offset));
  const [staffId, setStaffId] = useState(staff[0]!.id);
  const {
    appointments,
    error: readError,
    live,
    refresh,
  } = useAppointments(desk, outlet, days[0]!, days[6]!, staffId);
  const [selected, setSelected] = useState<string>();
  const [dragging, setDragging] = useState<DayAppointment>();
  const [dropAt, setDropAt] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();

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

  // A read of the previously chosen staff member is not shown while the new one's is on its way.
  const mine = (appointments ?? []).filter((item) => item.staff_id === staffId);
  const shown = mine.filter((item) => !HIDDEN.includes(item.status));
  const range = dayRange(shown);
  const rows = rowsOf(range);
  const zone = timeZoneLabel(timeZone, language);
  const current = shown.find((item) => item.id === selected);
  const member = staff.find((one) => one.id === staffId);
  const name = (one: ConsoleStaff) => one.display_name || `${one.first_name} ${one.last_name}`;

  const dragOver = (date: string) => (time: string, event: DragEvent) => {
    if (!dragging) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropAt(`${date}@${time}`);
  };
  const drop = (date: string) => (time: string, event: DragEvent) => {
    event.preventDefault();
    const moving = dragging;
    setDragging(undefined);
    setDropAt(undefined);
    if (!moving) return;
    if (moving.appointment_date === date && moving.start_time.slice(0, 5) === time) return;
    void reschedule(moving, date, time);
  };

  return (
    <section className="stack" aria-labelledby="calendar-heading">
      <div className="day-bar">
        <h2 id="calendar-heading">{t.console.week.weekOf(formatDay(days[0]!, language, true))}</h2>
        <div className="actions">
          <button type="button" className="secondary" onClick={() => props.onDay(addDays(day, -7))}>
            {t.console.week.previous}
          </button>
          <button type="button" className="secondary" onClick={() => props.onDay(todayIn(timeZone))}>
            {t.console.week.current}
          </button>
          <button type="button" className="secondary" onClick={() => props.onDay(addDays(day, 7))}>
            {t.console.week.next}
          </button>
        </div>
      </div>
      {staff.length > 1 ? (
        <div className="field outlet-picker">
          <label htmlFor="week-staff">{t.console.week.staff}</label>
          <select id="week-staff" value={staffId} onChange={(event) => setStaffId(event.target.value)}>
            {staff.map((one) => (
              <option key={one.id} value={one.id}>
                {name(one)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <p className="hint">
        {t.timesIn(timeZone, zone)} {live ? t.console.liveStream : t.console.livePolling}
      </p>
      <p className="hint">{t.console.week.dragHint}</p>
      <Alert message={error ?? readError} />
      <p role="status" className="console-notice">
        {notice ?? ''}
      </p>
      {!appointments ? <p role="status">{t.loading}</p> : null}
      <div className={current ? 'calendar-layout with-panel' : 'calendar-layout'}>
        {member ? (
          <div className="day-grid" aria-label={t.console.week.of(name(member))} role="group">
            <TimeAxis range={range} />
            {days.map((date) => (
              <section key={date} className="week-column" aria-labelledby={`day-${date}`} data-date={date}>
                <h3 id={`day-${date}`} className="column-head">
                  {formatDay(date, language)}
                </h3>
                <div className="column-body" style={{ height: `${rows.length * ROW_REM}rem` }}>
                  <DropRows
                    range={range}
                    place={{ 'data-date': date }}
                    target={dropAt?.startsWith(`${date}@`) ? dropAt.slice(date.length + 1) : undefined}
                    onOver={dragOver(date)}
                    onLeave={() => setDropAt(undefined)}
                    onDrop={drop(date)}
                  />
                  {shown
                    .filter((item) => item.appointment_date === date)
                    .map((item) => (
                      <AppointmentButton
                        key={item.id}
                        item={item}
                        range={range}
                        selected={selected === item.id}
                        onOpen={() => setSelected(selected === item.id ? undefined : item.id)}
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
        {current ? (
          <AppointmentPanel
            key={current.id}
            desk={desk}
            appointment={current}
            staffName={member?.display_name}
            onChanged={changed}
            onMove={(date, time) => reschedule(current, date, time)}
            onClose={() => setSelected(undefined)}
          />
        ) : null}
      </div>
    </section>
  );
}
