import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { notFound } from './errors';

// Hashing both sides gives equal lengths, so the comparison time reveals neither the token nor its length.
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Guards internal endpoints with the shared X-Internal-Token. A wrong or missing token answers 404, as if
 * the route did not exist, so internal endpoints are not discoverable from outside.
 */
export function requireInternalToken(expected: string): RequestHandler {
  if (expected.length < 16)
    throw new Error('requireInternalToken: the internal token must be at least 16 characters');
  const expectedDigest = digest(expected);
  return (req, _res, next) => {
    const given = req.get('x-internal-token');
    if (given === undefined || !timingSafeEqual(digest(given), expectedDigest)) throw notFound();
    next();
  };
}
