import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEB_CONTENT_SECURITY_POLICY } from '../src';
import { quietLogger, startGateway, type RunningGateway } from './helpers';

/**
 * The web front end as the gateway serves it: index.html for /book/… and /console/…, hashed assets under
 * /book/assets/, and a Content-Security-Policy that allows nothing but the gateway's own origin.
 */
let gateway: RunningGateway;
let webDir: string;

const INDEX =
  '<!doctype html><title>web</title><script type="module" src="/book/assets/app-1a2b.js"></script>';

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'salon-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), INDEX);
  writeFileSync(join(webDir, 'assets', 'app-1a2b.js'), 'console.log("app");');
  gateway = await startGateway({}, quietLogger(), { webDir });
});

afterAll(async () => {
  await gateway.close();
  rmSync(webDir, { recursive: true, force: true });
});

const directivesOf = (header: string | null) =>
  Object.fromEntries(
    (header ?? '').split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe('the booking page and the console', () => {
  it.each([
    '/',
    '/book/demo-salon',
    '/book/demo-salon/appointments/0123456789abcdef01234567',
    '/console',
    '/console/x',
  ])('GET %s answers the page, never cached', async (path) => {
    const response = await fetch(`${gateway.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  it('serves a strict Content-Security-Policy: self only, nothing inline, no framing', async () => {
    const home = await fetch(`${gateway.url}/`);
    expect(home.headers.get('content-security-policy')).toBe(WEB_CONTENT_SECURITY_POLICY);
    const response = await fetch(`${gateway.url}/book/demo-salon`);
    const header = response.headers.get('content-security-policy');
    expect(header).toBe(WEB_CONTENT_SECURITY_POLICY);
    const directives = directivesOf(header);
    expect(directives).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'connect-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    // No source anywhere allows inline code, eval or another origin.
    for (const values of Object.values(directives) as string[][])
      for (const value of values) expect(["'self'", "'none'", 'data:']).toContain(value);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves hashed assets for a year, with the same policy; a missing asset is 404, not the page', async () => {
    const asset = await fetch(`${gateway.url}/book/assets/app-1a2b.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-security-policy')).toBe(WEB_CONTENT_SECURITY_POLICY);
    const missing = await fetch(`${gateway.url}/book/assets/nothing.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: 'Not Found' });
  });

  it('leaves the API and its reference under their own policy, and other paths 404', async () => {
    const docs = await fetch(`${gateway.url}/api/v1/docs`);
    expect(docs.headers.get('content-security-policy')).not.toBe(WEB_CONTENT_SECURITY_POLICY);
    expect((await fetch(`${gateway.url}/bookings`)).status).toBe(404);
  });
});
