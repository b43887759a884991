import type { Paged } from '@salon/service-kit';
import type { WaitlistEntryRecord } from '../db/waitlist.repository';
import { formatTime } from '../domain/time-rules';

/** A waitlist entry as its customer and the business see it (times as "HH:MM:SS", local to the outlet). */
export const waitlistEntryView = (entry: WaitlistEntryRecord) => ({
  id: entry.id,
  customer_id: entry.customer_id,
  customer_name: entry.customer_name,
  outlet_id: entry.outlet_id,
  service_id: entry.service_id,
  staff_id: entry.staff_id,
  date: entry.date,
  start_time: entry.window_start === null ? null : formatTime(entry.window_start),
  end_time: entry.window_end === null ? null : formatTime(entry.window_end),
  status: entry.status,
  appointment_id: entry.appointment_id,
  offer: entry.offer && {
    id: entry.offer.id,
    staff_id: entry.offer.staff_id,
    date: entry.offer.date,
    start_time: formatTime(entry.offer.start_time),
    starts_at: entry.offer.starts_at,
    expires_at: entry.offer.expires_at,
  },
  created_at: entry.created_at,
  updated_at: entry.updated_at,
});

export const waitlistPageView = (page: Paged<WaitlistEntryRecord>) => ({
  ...page,
  items: page.items.map(waitlistEntryView),
});
