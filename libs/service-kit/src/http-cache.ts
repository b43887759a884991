import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * How long a shared cache or a browser may reuse a public read without asking again. The ETag is a hash of
 * the current answer, so any change (an event applied to a replica, a write in the owning service) yields a
 * new ETag at once; this bound is how stale a cache that does not revalidate may be (docs/decisions.md).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60';

/** A strong entity tag: the SHA-256 of the exact bytes sent, base64url. */
export const entityTagOf = (body: Buffer): string =>
  `"${createHash('sha256').update(body).digest('base64url')}"`;

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2; `*` matches any). */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * A cacheable public 200: the JSON body with a strong ETag and `Cache-Control: public, max-age=60`; a 304
 * with no body when the request's If-None-Match already names that ETag.
 */
export function sendCacheable(req: Request, res: Response, body: unknown): void {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body), 'utf8');
  const etag = entityTagOf(bytes);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
  if (noneMatchHits(req.headers['if-none-match'], etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).type('json').setHeader('Content-Length', bytes.length);
  res.end(bytes);
}
