import { useEffect, useRef, useState } from 'react';
import {
  api,
  bearer,
  detailOf,
  type ConsoleOutlet,
  type ConsoleStaff,
  type DayAppointment,
} from '../api/client';
import { followAppointmentChanges } from './appointment-stream';
import type { Desk } from './console-page';
import { ownColumnOnly } from './console-session';

/**
 * How often the shown days' appointments are read again while the page is visible and the live stream is down
 * (the fallback; see docs/decisions.md, "The console" and "Live calendar"): 720 requests an hour at most, within
 * the staff rate limit of 1,000 per user and hour. A 429 waits for its Retry-After.
 */
export const POLL_MS = 5_000;
/** Statuses the calendars do not draw (a rescheduled appointment is drawn as its new one). */
export const HIDDEN = ['cancelled', 'rescheduled'];

/** A refused read: its message, and how long to wait before the next when the rate limit refused it. */
class Refused extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Every appointment of the outlet from `from` to `to` (inclusive dates) that the token may see (pages of 100). */
async function appointmentsOf(desk: Desk, outletId: string, from: string, to: string, staffId?: string) {
  const items: DayAppointment[] = [];
  for (let page = 1; ; page += 1) {
    const { data, error, response } = await api.GET('/api/v1/appointments', {
      params: {
        query: { outlet_id: outletId, start_date: from, end_date: to, size: 100, page, staff_id: staffId },
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

/** The staff member a STAFF user is limited to (their own column), and whether they may see a calendar at all. */
export function ownStaff(desk: Desk): { own?: string; linked: boolean } {
  const own = ownColumnOnly(desk.session.role) ? desk.session.staffId : undefined;
  return { own, linked: !ownColumnOnly(desk.session.role) || own !== undefined };
}

/** The outlet's staff members the user may see a calendar of (a STAFF user: their own only). */
export function useCalendarStaff(desk: Desk, outlet: ConsoleOutlet) {
  const [staff, setStaff] = useState<ConsoleStaff[]>();
  const [error, setError] = useState<string>();
  const { own, linked } = ownStaff(desk);
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
  return { staff, error };
}

/**
 * The outlet's appointments from `from` to `to` (of one staff member when `staffId` is given), kept current:
 * read when shown, after every change the live stream announces for one of those days, when the stream comes up
 * (what it missed while down) and goes down; and every few seconds while it is down. `refresh()` reads again
 * after the calendar's own change.
 */
export function useAppointments(
  desk: Desk,
  outlet: ConsoleOutlet,
  from: string,
  to: string,
  staffId?: string,
) {
  const { linked } = ownStaff(desk);
  const [appointments, setAppointments] = useState<DayAppointment[]>();
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string>();
  const [live, setLive] = useState(false);
  const shownRange = useRef({ from, to });
  shownRange.current = { from, to };
  // Which view is shown, and the newest read applied: a read started before a newer one finished is dropped,
  // but one still running when the next change arrives is not (under a steady run of changes each would
  // otherwise cancel the last, and the calendar would never be refreshed).
  const view = `${outlet.id}/${from}/${to}/${staffId ?? ''}`;
  const shownView = useRef(view);
  shownView.current = view;
  const reads = useRef({ started: 0, applied: 0 });

  useEffect(() => {
    if (!linked) return;
    return followAppointmentChanges({
      token: desk.session.accessToken,
      outletId: outlet.id,
      onState: (state) => setLive(state === 'live'),
      onChange: (change) => {
        const { from: first, to: last } = shownRange.current;
        if (change.dates.some((date) => date >= first && date <= last)) setVersion((count) => count + 1);
      },
      onRefused: (response) => setError(desk.refusal(response, undefined)),
    });
  }, [outlet.id, desk.session.accessToken]);

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
      const started = ++reads.current.started;
      try {
        const items = await appointmentsOf(desk, outlet.id, from, to, staffId);
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
  }, [view, version, live, desk.session.accessToken]);

  return { appointments, error, live, refresh: () => setVersion((count) => count + 1) };
}

/** Moves an appointment (PUT …/reschedule): undefined when moved, else the refusal's message. */
export async function moveAppointment(desk: Desk, id: string, date: string, time: string) {
  const { data, error, response } = await api.PUT('/api/v1/appointments/{appointment_id}/reschedule', {
    params: { path: { appointment_id: id } },
    headers: bearer(desk.session.accessToken),
    body: { new_date: date, new_start_time: time },
  });
  return data ? undefined : desk.refusal(response, detailOf(error));
}
