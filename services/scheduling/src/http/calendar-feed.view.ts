import type { Request, Response } from 'express';
import { ICS_CONTENT_TYPE, entityTagOf, noneMatchHits } from '@salon/service-kit';
import type { CalendarFeedRecord, FeedOwner } from '../db/calendar-feed.repository';

export const calendarFeedView = (feed: CalendarFeedRecord) => ({
  id: feed.id,
  owner_type: feed.owner_type,
  owner_id: feed.owner_id,
  created_at: feed.created_at,
});

/** GET …/calendar-feed: whether the owner has a live feed and since when. */
export const calendarFeedStatusView = (owner: FeedOwner, feed: CalendarFeedRecord | undefined) => ({
  owner_type: owner.type,
  owner_id: owner.id,
  live: feed !== undefined,
  id: feed?.id ?? null,
  created_at: feed?.created_at ?? null,
});

/**
 * A new feed's answer: its token and URLs. The host and scheme are those the client used to reach the gateway
 * (X-Forwarded-Host and -Proto, which the gateway sets), so the link works from where it was asked for.
 */
export function calendarFeedCreatedView(req: Request, feed: CalendarFeedRecord, token: string) {
  const host = req.get('x-forwarded-host') ?? req.get('host') ?? 'localhost';
  const scheme = req.get('x-forwarded-proto') === 'https' ? 'https' : req.protocol;
  const path = `/api/v1/public/calendar-feeds/${token}.ics`;
  return {
    ...calendarFeedView(feed),
    token,
    url: `${scheme}://${host}${path}`,
    webcal_url: `webcal://${host}${path}`,
  };
}

/**
 * The ICS answer: a strong ETag of the bytes and Last-Modified; 304 without a body when If-None-Match names the
 * ETag, or (without If-None-Match, RFC 9110 §13.2.2) when If-Modified-Since is not older than Last-Modified.
 * `private`: the URL is a secret, so no shared cache keeps it.
 */
export function sendCalendar(
  req: Request,
  res: Response,
  feed: { body: string; lastModified: string },
): void {
  const bytes = Buffer.from(feed.body, 'utf8');
  const etag = entityTagOf(bytes);
  const lastModified = new Date(feed.lastModified);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', lastModified.toUTCString());
  res.setHeader('Cache-Control', 'private, max-age=300');
  const noneMatch = req.headers['if-none-match'];
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  const notModified = noneMatch
    ? noneMatchHits(noneMatch, etag)
    : !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
  if (notModified) {
    res.status(304).end();
    return;
  }
  res.status(200).setHeader('Content-Type', ICS_CONTENT_TYPE);
  res.setHeader('Content-Disposition', 'inline; filename="appointments.ics"');
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}
