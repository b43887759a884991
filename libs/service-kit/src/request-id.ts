import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps a caller's X-Request-Id when it is safe to log and forward, else mints one; echoes it back. */
export const requestId = (): RequestHandler => (req, res, next) => {
  const incoming = req.get('x-request-id');
  req.id = incoming !== undefined && WELL_FORMED.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', req.id);
  next();
};
