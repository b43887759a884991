import { appointmentEvent, hashToken, icsCalendar, notFound } from '@salon/service-kit';
import { listAppointments } from '../db/appointment.repository';
import { findLiveFeedByTokenHash } from '../db/calendar-feed.repository';
import { findOutlet, findTenantReplica } from '../db/replica.repository';
import { findStaff } from '../db/staff.repository';
import {
  FEED_DAYS_AHEAD,
  FEED_DAYS_BACK,
  FEED_MAX_EVENTS,
  FEED_REFRESH_MINUTES,
} from './calendar-feed-rules';
import type { SchedulingDeps } from './deps';
import { addDays } from './time-rules';

const DAY_MS = 86_400_000;

/**
 * GET /public/calendar-feeds/{token}: the owner's appointments from 30 days back to 180 ahead as an iCalendar
 * document, and when the newest of them (or the feed) last changed. An unknown, revoked or rotated token, and the
 * feed of a terminated staff member, are 404.
 */
export async function renderCalendarFeed(
  deps: SchedulingDeps,
  token: string,
  now = new Date(),
): Promise<{ body: string; lastModified: string }> {
  const executor = deps.db.orm;
  const feed = await findLiveFeedByTokenHash(executor, hashToken(token));
  if (!feed) throw notFound('Calendar feed not found');
  const tenantId = feed.tenant_id;
  const owner = { type: feed.owner_type, id: feed.owner_id };

  let name: string;
  if (owner.type === 'staff') {
    const staff = await findStaff(executor, tenantId, owner.id);
    if (!staff || staff.status === 'terminated') throw notFound('Calendar feed not found');
    name = `${staff.display_name}: appointments`;
  } else {
    const tenant = await findTenantReplica(executor, tenantId);
    name = tenant ? `${tenant.name}: my appointments` : 'My appointments';
  }

  const today = now.toISOString().slice(0, 10);
  const range = { from: addDays(today, -FEED_DAYS_BACK), to: addDays(today, FEED_DAYS_AHEAD) };
  const { items } = await listAppointments(
    executor,
    tenantId,
    {
      ...range,
      ...(owner.type === 'staff' ? { staffId: owner.id } : { customerId: owner.id }),
    },
    { offset: 0, limit: FEED_MAX_EVENTS },
  );

  const outletNames = new Map<string, string | undefined>();
  for (const outletId of new Set(items.map((item) => item.outlet_id)))
    outletNames.set(outletId, (await findOutlet(executor, tenantId, outletId))?.name);

  const body = icsCalendar({
    name,
    refreshMinutes: FEED_REFRESH_MINUTES,
    range: {
      from: new Date(Date.parse(`${range.from}T00:00:00Z`) - DAY_MS),
      to: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS),
    },
    events: items.map((item) => appointmentEvent(item, owner, outletNames.get(item.outlet_id))),
  });
  const lastModified = items
    .map((item) => item.updated_at)
    .reduce((latest, at) => (Date.parse(at) > Date.parse(latest) ? at : latest), feed.created_at);
  return { body, lastModified };
}
