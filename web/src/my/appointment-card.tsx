import { useState } from 'react';
import { api, bearer, detailOf, type MyAppointment } from '../api/client';
import { Alert } from '../shared/alert';
import { Confirm } from '../shared/confirm';
import { formatDay, formatMoney, formatTime } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { refusal, type Signed } from './customer-shell';
import { ReschedulePanel } from './reschedule-panel';

const CHANGEABLE = ['pending', 'confirmed'];

/**
 * One booking: what, who, when (the outlet's wall-clock time and zone), where, how much and its status; an
 * upcoming pending or confirmed one can be cancelled (after a second, explicit answer) or moved. The server
 * applies the cancellation policy; its 409 says why, and is shown as it is.
 */
export function AppointmentCard(props: {
  appointment: MyAppointment;
  signed: Signed;
  changeable: boolean;
  onChanged(): void;
}) {
  const { appointment, signed } = props;
  const { t, language } = useI18n();
  const [mode, setMode] = useState<'idle' | 'confirm-cancel' | 'reschedule'>('idle');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const outlet = signed.business.outlets.find((candidate) => candidate.id === appointment.outlet_id);
  const timeZone = outlet?.timezone ?? signed.business.outlets[0]?.timezone ?? 'UTC';
  const line = appointment.services[0];
  const service = appointment.services.map((item) => item.service_name).join(', ');
  const headingId = `appointment-${appointment.id}`;

  const cancel = async () => {
    setBusy(true);
    setError(undefined);
    const {
      data,
      error: refused,
      response,
    } = await api.PUT('/api/v1/appointments/{appointment_id}/cancel', {
      params: { path: { appointment_id: appointment.id } },
      headers: bearer(signed.session.accessToken),
      body: {},
    });
    setBusy(false);
    setMode('idle');
    if (!data) return setError(refusal(signed, response, detailOf(refused), t.somethingWrong));
    setDone(t.cancelled);
    props.onChanged();
  };

  const canChange = props.changeable && CHANGEABLE.includes(appointment.status);
  return (
    <article aria-labelledby={headingId} className="card">
      <h3 id={headingId}>{service}</h3>
      <dl className="summary">
        <dt>{t.when}</dt>
        <dd>
          {formatDay(appointment.appointment_date, language, true)},{' '}
          {formatTime(appointment.start_time, timeZone, language)}
        </dd>
        <dt>{t.staff}</dt>
        <dd>{line?.staff_name}</dd>
        <dt>{t.outlet}</dt>
        <dd>{outlet?.name}</dd>
        <dt>{t.total}</dt>
        <dd>{formatMoney(appointment.total_price, appointment.currency, language)}</dd>
        <dt>{t.status}</dt>
        <dd data-status={appointment.status}>{t.statuses[appointment.status] ?? appointment.status}</dd>
      </dl>
      <div role="status" aria-live="polite">
        {done ? <p className="success">{done}</p> : null}
      </div>
      <Alert message={error} />
      {canChange && mode === 'idle' ? (
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setMode('reschedule')}>
            {t.reschedule}
          </button>
          <button type="button" className="danger" onClick={() => setMode('confirm-cancel')}>
            {t.cancel}
          </button>
        </div>
      ) : null}
      {canChange && mode === 'confirm-cancel' ? (
        <Confirm
          question={t.cancelConfirm}
          yes={t.cancelYes}
          busy={busy}
          onYes={() => void cancel()}
          onKeep={() => setMode('idle')}
        />
      ) : null}
      {canChange && mode === 'reschedule' && outlet && line ? (
        <ReschedulePanel
          appointment={appointment}
          outlet={outlet}
          signed={signed}
          onClose={() => setMode('idle')}
          onMoved={() => {
            setMode('idle');
            setDone(t.rescheduled);
            props.onChanged();
          }}
        />
      ) : null}
    </article>
  );
}
