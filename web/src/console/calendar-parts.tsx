import type { DragEvent } from 'react';
import type { DayAppointment } from '../api/client';
import { useI18n } from '../shared/i18n';
import { minutesOf, ROW_MINUTES, ROW_REM, rowsOf, timeOf } from './calendar-layout';

/** What the day and week calendars draw alike: the hours beside the grid, the rows, the appointments. */

type Range = { from: number; to: number };

/** The hours down the left of a calendar grid. */
export function TimeAxis({ range }: { range: Range }) {
  return (
    <div className="time-axis" aria-hidden="true">
      <div className="column-head" />
      <div className="column-body">
        {rowsOf(range)
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
  );
}

/**
 * The rows of one column, each a place to drop a dragged appointment: `place` names the column (a staff member
 * in the day view, a date in the week view), `target` is the row being dragged over.
 */
export function DropRows(props: {
  range: Range;
  place: Record<string, string>;
  target?: string;
  onOver(time: string, event: DragEvent): void;
  onLeave(): void;
  onDrop(time: string, event: DragEvent): void;
}) {
  const { t } = useI18n();
  return (
    <>
      {rowsOf(props.range).map((minute) => {
        const time = timeOf(minute);
        return (
          <div
            key={minute}
            className={`slot${minute % 60 === 0 ? ' hour-line' : ''}${props.target === time ? ' drop-target' : ''}`}
            {...props.place}
            data-time={time}
            title={t.console.dropHere(time)}
            onDragOver={(event) => props.onOver(time, event)}
            onDragLeave={props.onLeave}
            onDrop={(event) => props.onDrop(time, event)}
          />
        );
      })}
    </>
  );
}

/** One appointment placed by its time: a button that opens it, draggable while it may still be moved. */
export function AppointmentButton(props: {
  item: DayAppointment;
  range: Range;
  selected: boolean;
  onOpen(): void;
  onDragStart(): void;
  onDragEnd(): void;
}) {
  const { t } = useI18n();
  const { item, range } = props;
  const start = minutesOf(item.start_time);
  const end = minutesOf(item.end_time) || 24 * 60;
  const service = item.services.map((line) => line.service_name).join(', ');
  const customer = item.customer_name ?? t.console.walkIn;
  const status = t.statuses[item.status] ?? item.status;
  const time = `${item.start_time.slice(0, 5)}–${item.end_time.slice(0, 5)}`;
  return (
    <button
      type="button"
      draggable={item.status === 'pending' || item.status === 'confirmed'}
      className={`appointment status-${item.status}${props.selected ? ' selected' : ''}`}
      style={{
        top: `${((start - range.from) / ROW_MINUTES) * ROW_REM}rem`,
        height: `${(Math.max(end - start, ROW_MINUTES) / ROW_MINUTES) * ROW_REM}rem`,
      }}
      aria-pressed={props.selected}
      data-appointment={item.id}
      onClick={props.onOpen}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', item.id);
        event.dataTransfer.effectAllowed = 'move';
        props.onDragStart();
      }}
      onDragEnd={props.onDragEnd}
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
}
