import { useEffect, useState } from 'react';
import {
  api,
  bearer,
  detailOf,
  type ConsoleService,
  type ConsoleOutlet,
  type ConsoleStaff,
} from '../api/client';
import { Alert } from '../shared/alert';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { OutletPicker, useConsoleOutlets } from './outlet-choice';
import { StaffForm } from './staff-form';
import { StaffHours } from './staff-hours';

export const TEAM_PATH = '/console/team';

/** /console/team, for the owner: the staff of the chosen outlet, their details and their hours. */
export function TeamDesk({ desk }: { desk: Desk }) {
  const { t } = useI18n();
  const { outlets, outlet, choose, error } = useConsoleOutlets(desk);

  return (
    <section aria-labelledby="team-heading" className="stack team-desk">
      <h2 id="team-heading">{t.console.team.title}</h2>
      <Alert message={error} />
      {!outlets ? <p role="status">{t.loading}</p> : null}
      {outlets && !outlet ? <p className="notice">{t.console.noOutlets}</p> : null}
      {outlets && outlet ? (
        <>
          <OutletPicker outlets={outlets} outlet={outlet} choose={choose} />
          <OutletTeam key={outlet.id} desk={desk} outlet={outlet} />
        </>
      ) : null}
    </section>
  );
}

const fullName = (member: ConsoleStaff) => `${member.first_name} ${member.last_name}`;

/**
 * One outlet's staff (terminated members left out: the API lets nothing change them), the form to add one or
 * edit the chosen one, and the chosen member's hours.
 */
function OutletTeam({ desk, outlet }: { desk: Desk; outlet: ConsoleOutlet }) {
  const { t } = useI18n();
  const [staff, setStaff] = useState<ConsoleStaff[]>();
  const [services, setServices] = useState<ConsoleService[]>();
  const [editing, setEditing] = useState<ConsoleStaff>();
  const [hoursOf, setHoursOf] = useState<ConsoleStaff>();
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const headers = bearer(desk.session.accessToken);

  useEffect(() => {
    void api
      .GET('/api/v1/staff', {
        params: { query: { outlet_id: outlet.id, only_active: false, size: 100 } },
        headers,
      })
      .then(({ data, error: refused, response }) => {
        if (!data) return setError(desk.refusal(response, detailOf(refused)));
        setStaff(data.items.filter((member) => member.status !== 'terminated'));
      });
  }, [outlet.id, version]);

  useEffect(() => {
    void api
      .GET('/api/v1/services', { params: { query: { status: 'active', size: 100 } }, headers })
      .then(({ data, error: refused, response }) =>
        data ? setServices(data.items) : setError(desk.refusal(response, detailOf(refused))),
      );
  }, [desk.session.accessToken]);

  const changed = (message: string) => {
    setError(undefined);
    setNotice(message);
    setVersion((count) => count + 1);
  };

  const setActive = async (member: ConsoleStaff, active: boolean) => {
    setNotice(undefined);
    const {
      data,
      error: refused,
      response,
    } = await api.PUT('/api/v1/staff/{staff_id}', {
      params: { path: { staff_id: member.id } },
      headers,
      body: { status: active ? 'active' : 'inactive' },
    });
    if (!data) return setError(desk.refusal(response, detailOf(refused)));
    const name = fullName(member);
    changed(active ? t.console.team.reactivated(name) : t.console.team.deactivated(name));
  };

  return (
    <>
      <section aria-labelledby="staff-heading" className="stack">
        <h3 id="staff-heading">{t.console.team.staffTitle}</h3>
        <Alert message={error} />
        <p role="status" className="console-notice">
          {notice ?? ''}
        </p>
        {!staff ? <p role="status">{t.loading}</p> : null}
        {staff && staff.length === 0 ? <p className="muted">{t.console.team.noStaff}</p> : null}
        <ul className="plain team-list" aria-labelledby="staff-heading">
          {(staff ?? []).map((member) => (
            <li key={member.id} className="team-member">
              <span>
                <strong>{fullName(member)}</strong> · {member.position} ·{' '}
                <span className={member.status === 'active' ? '' : 'muted'}>
                  {t.console.team.statuses[member.status] ?? member.status}
                </span>
              </span>
              <span className="actions">
                <button type="button" className="secondary" onClick={() => setHoursOf(member)}>
                  {t.console.team.hours(fullName(member))}
                </button>
                <button type="button" className="secondary" onClick={() => setEditing(member)}>
                  {t.console.team.edit(fullName(member))}
                </button>
                <button
                  type="button"
                  className="link"
                  onClick={() => void setActive(member, member.status !== 'active')}
                >
                  {member.status === 'active'
                    ? t.console.team.deactivate(fullName(member))
                    : t.console.team.reactivate(fullName(member))}
                </button>
              </span>
            </li>
          ))}
        </ul>
      </section>
      {hoursOf ? (
        <StaffHours
          key={hoursOf.id}
          desk={desk}
          outlet={outlet}
          member={hoursOf}
          onClose={() => setHoursOf(undefined)}
        />
      ) : null}
      <StaffForm
        key={editing?.id ?? `new-${version}`}
        desk={desk}
        outletId={outlet.id}
        services={services ?? []}
        member={editing}
        onSaved={(name) => {
          changed(editing ? t.console.team.saved(name) : t.console.team.added(name));
          setEditing(undefined);
        }}
        onCancel={() => setEditing(undefined)}
      />
    </>
  );
}
