import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { notFound } from '@salon/service-kit';

/**
 * The web front end's policy: everything from the gateway's own origin, nothing inline (no inline script,
 * no inline style element or attribute), no plugins, no framing, no <base> rewrite, forms post only here.
 * The hosted payment page needs nothing more: the booking page reaches it by a top-level navigation
 * (`location.assign(payment_url)`, which CSP does not govern) and the provider sends the customer back by a
 * redirect to /book/…; the page never frames it, posts a form to it or fetches from it.
 */
export const WEB_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The front ends' paths: the booking page and the staff console. */
export const WEB_PATHS = ['/book', '/console'] as const;

/** web/dist of the @salon/web package when it has been built (`npm run build`), else undefined. */
export function builtWebDir(): string | undefined {
  try {
    const dir = join(dirname(require.resolve('@salon/web/package.json')), 'dist');
    return existsSync(join(dir, 'index.html')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves the single-page build in `dir`: hashed assets under /book/assets/ (cached for a year), and
 * index.html for /, /book, /book/…, /console and /console/… (never cached, so a new build shows at once). Every
 * answer carries the strict policy above instead of helmet's default. `limitPublic` counts page loads
 * against the public rate limit; assets are not counted.
 */
export function webRouter(dir: string, limitPublic: RequestHandler): Router {
  const router = Router();
  const index = join(dir, 'index.html');
  router.use((req, res, next) => {
    if (req.path === '/' || WEB_PATHS.some((path) => req.path === path || req.path.startsWith(`${path}/`)))
      res.setHeader('Content-Security-Policy', WEB_CONTENT_SECURITY_POLICY);
    next();
  });
  router.use(
    '/book/assets',
    express.static(join(dir, 'assets'), { immutable: true, maxAge: '365d', index: false, redirect: false }),
    () => {
      throw notFound();
    },
  );
  const page: RequestHandler = (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };
  // The home page (`/`) leads to the console and to a business's booking page.
  router.get('/', limitPublic, page);
  for (const path of WEB_PATHS) router.get([path, `${path}/{*rest}`], limitPublic, page);
  return router;
}
