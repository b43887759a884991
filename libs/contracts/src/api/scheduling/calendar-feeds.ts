import { z } from 'zod';
import { objectId } from '../../http';
import { timestamp } from './fields';

/** Calendar feeds (issue 22 item 5): a secret ICS URL per staff member and per customer. */

/** The feed's path segment: the 43-character token, optionally ending in `.ics`. */
export const calendarFeedPath = z.object({
  feed_token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}(\.ics)?$/, { error: 'Not a calendar feed token' })
    .transform((segment) => segment.replace(/\.ics$/, '')),
});

/** A live feed as its owner and managers see it: never its token, which is answered only when it is created. */
export const calendarFeed = z.strictObject({
  id: objectId,
  owner_type: z.enum(['staff', 'customer']),
  owner_id: objectId,
  created_at: timestamp,
});

/** Whether the owner has a live feed, and since when (id and created_at null when it has none). */
export const calendarFeedStatus = z.strictObject({
  owner_type: z.enum(['staff', 'customer']),
  owner_id: objectId,
  live: z.boolean(),
  id: objectId.nullable(),
  created_at: timestamp.nullable(),
});

/** A new (or rotated) feed: its secret token and the URLs to subscribe to, shown this once. */
export const calendarFeedCreated = calendarFeed.extend({
  token: z.string().meta({ description: 'The secret feed token (43 characters); only its hash is kept' }),
  url: z.url().meta({ description: 'The ICS feed: GET it without a bearer token' }),
  webcal_url: z
    .string()
    .meta({ description: 'The same feed as a webcal:// link (subscribe in Apple Calendar)' }),
});

/** The ICS document itself (text/calendar, RFC 5545). */
export const calendarFeedDocument = z.string().meta({ description: 'An iCalendar (RFC 5545) document' });
