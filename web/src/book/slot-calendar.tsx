import type { Grid, Slot } from '../api/client';
import { formatDay, timeZoneLabel } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { ANYONE } from './staff-picker';

/** The free times of one day for the staff choice: one per start time ("anyone" takes the first free). */
export function freeSlots(grid: Grid, date: string, staffChoice: string): Slot[] {
  const seen = new Set<string>();
  return (grid.availability_grid[date] ?? []).filter((slot) => {
    if (!slot.is_available || (staffChoice !== ANYONE && slot.staff_id !== staffChoice)) return false;
    if (seen.has(slot.start_time)) return false;
    seen.add(slot.start_time);
    return true;
  });
}

/**
 * Days of the grid (a full day cannot be chosen), then the free times of the chosen day: wall-clock times of
 * the outlet, whose zone the calendar and the group of times name.
 */
export function SlotCalendar(props: {
  grid: Grid;
  staffChoice: string;
  timeZone: string;
  day: string | undefined;
  slot: Slot | undefined;
  onDay(date: string): void;
  onSlot(slot: Slot): void;
}) {
  const { t, language } = useI18n();
  const days = Object.keys(props.grid.availability_grid).sort();
  const open = days.filter((date) => freeSlots(props.grid, date, props.staffChoice).length > 0);
  if (open.length === 0) return <p>{t.noSlots}</p>;
  const slots = props.day ? freeSlots(props.grid, props.day, props.staffChoice) : [];
  return (
    <>
      <p className="muted">{t.timesIn(timeZoneLabel(props.timeZone, language), props.timeZone)}</p>
      <fieldset className="choices days">
        <legend>{t.day}</legend>
        {days.map((date) => {
          const full = !open.includes(date);
          return (
            <label key={date} className="chip">
              <input
                type="radio"
                name="day"
                value={date}
                disabled={full}
                checked={props.day === date}
                onChange={() => props.onDay(date)}
              />
              <span>
                {formatDay(date, language)}
                {full ? <span className="muted"> · {t.full}</span> : null}
              </span>
            </label>
          );
        })}
      </fieldset>
      {props.day ? (
        <fieldset className="choices times">
          <legend>
            {t.time} ({timeZoneLabel(props.timeZone, language)}) · {formatDay(props.day, language)}
          </legend>
          {slots.map((slot) => (
            <label key={slot.start_time} className="chip">
              <input
                type="radio"
                name="time"
                value={slot.start_time}
                checked={props.slot?.start_time === slot.start_time}
                onChange={() => props.onSlot(slot)}
              />
              <span>{slot.start_time.slice(0, 5)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
