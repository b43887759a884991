import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, bearer, detailOf, type DayAppointment } from '../api/client';
import { Alert } from '../shared/alert';
import { Confirm } from '../shared/confirm';
import { formatDay, formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';

type Status = DayAppointment['status'];

/** The moves the API's state table allows (scheduling's appointment-rules), for the buttons offered. */
const NEXT: Partial<Record<Status, Status[]>> = {
  pending: ['confirmed'],
  confirmed: ['completed', 'no_show'],
  checked_in: ['completed'],
  in_progress: ['completed'],
};
const MOVABLE: Status[] = ['pending', 'confirmed'];

/**
 * One appointment of the calendar: what, who, when, how much, and what may be done with it now: confirm, mark
 * completed or no-show (PUT …/status), cancel after a second answer (PUT …/cancel), or move it with a date and
 * a time (the keyboard's way to do what dragging does). The server's refusal is shown as it is.
 */
export function AppointmentPanel(props: {
  desk: Desk;
  appointment: DayAppointment;
  staffName?: string;
  onChanged(message?: string): void;
  onMove(date: string, time: string): Promise<boolean>;
  onClose(): void;
}) {
  const { desk, appointment } = props;
  const { t, language } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [mode, setMode] = useState<'idle' | 'confirm-cancel' | 'move'>('idle');
  const [date, setDate] = useState(appointment.appointment_date);
  const [time, setTime] = useState(appointment.start_time.slice(0, 5));
  const service = appointment.services.map((line) => line.service_name).join(', ');
  const statusName = (status: string) => t.statuses[status] ?? status;
  const heading = useRef<HTMLHeadingElement>(null);

  // Opening an appointment takes the focus there, so the keyboard and screen readers follow.
  useEffect(() => heading.current?.focus(), []);

  const setStatus = async (status: Status) => {
    setBusy(true);
    setError(undefined);
    const {
      data,
      error: refused,
      response,
    } = await api.PUT('/api/v1/appointments/{appointment_id}/status', {
      params: { path: { appointment_id: appointment.id } },
      headers: bearer(desk.session.accessToken),
      body: { status },
    });
    setBusy(false);
    if (!data) return setError(desk.refusal(response, detailOf(refused)));
    props.onChanged(t.console.nowStatus(statusName(data.status)));
  };

  const cancel = async () => {
    setBusy(true);
    setError(undefined);
    const {
      data,
      error: refused,
      response,
    } = await api.PUT('/api/v1/appointments/{appointment_id}/cancel', {
      params: { path: { appointment_id: appointment.id } },
      headers: bearer(desk.session.accessToken),
      body: {},
    });
    setBusy(false);
    setMode('idle');
    if (!data) return setError(desk.refusal(response, detailOf(refused)));
    props.onChanged(t.cancelled);
    props.onClose();
  };

  const move = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const moved = await props.onMove(date, time);
    setBusy(false);
    if (moved) setMode('idle');
  };

  const labels: Partial<Record<Status, string>> = {
    confirmed: t.console.confirm,
    completed: t.console.complete,
    no_show: t.console.noShow,
  };
  const headingId = `panel-${appointment.id}`;
  return (
    <section className="card panel" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {t.console.appointment}: {service}
      </h3>
      <dl className="summary">
        <dt>{t.when}</dt>
        <dd>
          {formatDay(appointment.appointment_date, language, true)}, {appointment.start_time.slice(0, 5)}–
          {appointment.end_time.slice(0, 5)}
        </dd>
        <dt>{t.console.customer}</dt>
        <dd>{appointment.customer_name ?? t.console.walkIn}</dd>
        {props.staffName ? (
          <>
            <dt>{t.staff}</dt>
            <dd>{props.staffName}</dd>
          </>
        ) : null}
        <dt>{t.price}</dt>
        <dd>{formatMoney(appointment.total_price, appointment.currency, language)}</dd>
        <dt>{t.status}</dt>
        <dd>{statusName(appointment.status)}</dd>
      </dl>
      <Alert message={error} />
      <div className="actions">
        {(NEXT[appointment.status] ?? []).map((status) => (
          <button
            key={status}
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => void setStatus(status)}
          >
            {labels[status]}
          </button>
        ))}
        {MOVABLE.includes(appointment.status) ? (
          <>
            <button type="button" className="secondary" disabled={busy} onClick={() => setMode('move')}>
              {t.console.move}
            </button>
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={() => setMode('confirm-cancel')}
            >
              {t.console.cancel}
            </button>
          </>
        ) : null}
        <button type="button" className="link" onClick={props.onClose}>
          {t.close}
        </button>
      </div>
      {mode === 'confirm-cancel' ? (
        <Confirm
          question={t.console.cancelConfirm}
          yes={t.cancelYes}
          busy={busy}
          onYes={() => void cancel()}
          onKeep={() => setMode('idle')}
        />
      ) : null}
      {mode === 'move' ? (
        <form
          className="form reschedule"
          aria-label={t.console.moveTitle}
          onSubmit={(event) => void move(event)}
        >
          <h4>{t.console.moveTitle}</h4>
          <div className="field">
            <label htmlFor={`move-date-${appointment.id}`}>{t.console.newDate}</label>
            <input
              id={`move-date-${appointment.id}`}
              type="date"
              required
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`move-time-${appointment.id}`}>{t.console.newTime}</label>
            <input
              id={`move-time-${appointment.id}`}
              type="time"
              step={300}
              required
              value={time}
              onChange={(event) => setTime(event.target.value)}
            />
          </div>
          <button type="submit" className="primary" disabled={busy}>
            {t.console.move}
          </button>
        </form>
      ) : null}
    </section>
  );
}
