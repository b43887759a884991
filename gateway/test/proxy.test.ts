import http from 'node:http';
import { connect } from 'node:net';
import { metricsRegistry, newId } from '@salon/service-kit';
import {
  INTERNAL_TOKEN,
  allUpstreams,
  bearer,
  customerToken,
  echo,
  staffToken,
  startGateway,
  startUpstream,
  type Echo,
  type RunningGateway,
  type RunningUpstream,
} from './helpers';

let upstream: RunningUpstream;
let gateway: RunningGateway;

beforeAll(async () => {
  upstream = await startUpstream();
  gateway = await startGateway({
    ...allUpstreams(upstream.url),
    NOTIFICATIONS_URL: undefined, // one upstream left unconfigured
    CORS_ORIGINS: 'https://app.example.com',
  });
});

afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

beforeEach(() => {
  upstream.handler = echo;
});

const api = (path: string) => `${gateway.url}/api/v1${path}`;

describe('forwarding', () => {
  it('forwards path, query, method and Authorization unchanged, with X-Forwarded-For and the request id', async () => {
    const token = staffToken();
    const response = await fetch(api('/services?search=hair&page=2'), {
      headers: { ...bearer(token), 'x-request-id': 'client-req-42', 'x-forwarded-for': '203.0.113.7' },
    });
    expect(response.status).toBe(200);
    const seen = (await response.json()) as Echo;
    expect(seen.method).toBe('GET');
    expect(seen.url).toBe('/services?search=hair&page=2');
    expect(seen.headers.authorization).toBe(`Bearer ${token}`);
    expect(seen.headers['x-request-id']).toBe('client-req-42');
    expect(seen.headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(response.headers.get('x-request-id')).toBe('client-req-42');
    expect(response.headers.get('x-upstream')).toBe('echo');
  });

  it('replaces a malformed request id with a generated one, sent upstream and back', async () => {
    const response = await fetch(api('/public/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'bad id with spaces' },
      body: JSON.stringify({ business_name: 'Salon' }),
    });
    const seen = (await response.json()) as Echo;
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.headers['x-request-id']).toBe(id);
  });

  it('streams the body through untouched (not parsed), content type included', async () => {
    const raw = '{"not":"parsed",   "spacing":"kept"}';
    const response = await fetch(api('/customer/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw,
    });
    const seen = (await response.json()) as Echo;
    expect(seen.body).toBe(raw);
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.headers['content-length']).toBe(String(raw.length));
  });

  it('forwards HEAD as HEAD and answers without a body', async () => {
    const response = await fetch(api('/services'), { method: 'HEAD', headers: bearer(staffToken()) });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-upstream')).toBe('echo');
    expect(await response.text()).toBe('');
  });

  it('forwards a chunked body below the limit', async () => {
    const seen = (await chunkedPost(api('/public/register'), 900 * 1024)).json as Echo;
    expect(seen.bodyBytes).toBe(900 * 1024);
  });

  it('drops hop-by-hop headers and never forwards the internal token on a public route', async () => {
    const response = await fetch(api('/customer/auth/register'), {
      method: 'POST',
      headers: { 'x-internal-token': INTERNAL_TOKEN, 'proxy-authorization': 'Basic x', te: 'trailers' },
      body: '{}',
    });
    const seen = (await response.json()) as Echo;
    expect(seen.headers['x-internal-token']).toBeUndefined();
    expect(seen.headers['proxy-authorization']).toBeUndefined();
    expect(seen.headers.te).toBeUndefined();
  });

  it("passes the service's own answers through, 4xx and 5xx included", async () => {
    upstream.handler = (_req, res) => {
      res.writeHead(409, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail: 'Slot taken' }));
    };
    const conflict = await fetch(api('/appointments'), { method: 'POST', headers: bearer(customerToken()) });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ detail: 'Slot taken' });

    upstream.handler = (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail: 'Internal Server Error' }));
    };
    const failed = await fetch(api('/appointments'), { headers: bearer(customerToken()) });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ detail: 'Internal Server Error' });
  });
});

describe('answers from the gateway itself', () => {
  it('relays an event stream as it is written: not buffered, not compressed, whatever the client accepts', async () => {
    let sendSecond!: () => void;
    const second = new Promise<void>((resolve) => (sendSecond = resolve));
    upstream.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      res.write('event: ready\ndata: {}\n\n');
      void second.then(() => res.end(`event: appointment\ndata: "${'x'.repeat(4096)}"\n\n`));
    };
    const response = await fetch(api('/appointments/stream'), {
      headers: { ...bearer(staffToken()), 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    // The first event arrives while the service still holds back the second: nothing waits for the answer's end.
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe('event: ready\ndata: {}\n\n');
    sendSecond();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += decoder.decode(chunk.value, { stream: true });
    expect(rest).toBe(`event: appointment\ndata: "${'x'.repeat(4096)}"\n\n`);
  });

  it('404 {detail: "Not Found"} for an unknown path, without calling any service', async () => {
    const before = upstream.requests;
    for (const path of ['/api/v1/unknown', '/api/v1/services/x/y/z', '/api/v2/services', '/elsewhere']) {
      const response = await fetch(`${gateway.url}${path}`, { headers: bearer(staffToken()) });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Not Found' });
    }
    expect(upstream.requests).toBe(before);
  });

  it('431 {detail} for a request head over 16 KiB, before any service is called', async () => {
    const before = upstream.requests;
    const response = await fetch(api(`/services?search=${'x'.repeat(20_000)}`), {
      headers: bearer(staffToken()),
    });
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      detail: 'Request line and headers together must stay under 16 KiB',
    });
    expect(upstream.requests).toBe(before);
  });

  it('400 {detail} for a request that is not HTTP', async () => {
    const { port } = new URL(gateway.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('HELLO THERE\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ detail: 'Malformed HTTP request' });
  });

  it('405 with Allow for a known path and another method', async () => {
    const response = await fetch(api('/services'), { method: 'PATCH', headers: bearer(staffToken()) });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect(await response.json()).toEqual({ detail: 'Method Not Allowed' });
  });

  it('503 "<service> is temporarily unavailable" when the upstream is not configured', async () => {
    const response = await fetch(api('/webhooks/notifications/promote'), {
      method: 'POST',
      headers: { 'x-internal-token': INTERNAL_TOKEN },
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ detail: 'notifications is temporarily unavailable' });
  });

  it('413 {detail} for a body over 1 MB, by Content-Length, before calling the service', async () => {
    const before = upstream.requests;
    const response = await fetch(api('/public/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: 'Request body too large (limit 1048576 bytes)' });
    expect(upstream.requests).toBe(before);
  });

  it('413 for a chunked body that grows past 1 MB while streaming', async () => {
    const { status, json } = await chunkedPost(api('/public/register'), 2 * 1024 * 1024);
    expect(status).toBe(413);
    expect(json).toEqual({ detail: 'Request body too large (limit 1048576 bytes)' });
  });

  it('sends helmet headers and no X-Powered-By', async () => {
    const response = await fetch(api('/services'), { headers: bearer(staffToken()) });
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('answers CORS preflights for configured origins only', async () => {
    const allowed = await fetch(api('/services'), {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('authorization,content-type');

    const response = await fetch(api('/services'), {
      headers: { ...bearer(staffToken()), origin: 'https://app.example.com' },
    });
    expect(response.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining-Minute');

    const other = await fetch(api('/services'), {
      headers: { ...bearer(staffToken()), origin: 'https://evil.example.com' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('internal paths', () => {
  const internalPaths = [
    ['POST', '/internal/jobs/expire-packages'],
    ['POST', '/internal/jobs/apply-scheduled-changes'],
    ['POST', '/token-usage/quota-reset'],
    ['POST', '/token-usage/quota-reset-monthly'],
    ['GET', '/webhooks/notifications/health'],
  ] as const;

  it('are 404 without the credential, with a wrong one, and with any token', async () => {
    const before = upstream.requests;
    for (const [method, path] of internalPaths) {
      for (const headers of [
        {},
        { 'x-internal-token': 'wrong-token-of-some-length-000000000' },
        { 'x-internal-token': INTERNAL_TOKEN.slice(0, -1) },
        bearer(staffToken()),
      ] as Record<string, string>[]) {
        const response = await fetch(api(path), { method, headers });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ detail: 'Not Found' });
        expect(response.headers.get('x-ratelimit-limit-minute')).toBeNull();
      }
    }
    expect(upstream.requests).toBe(before);
  });

  it('are forwarded with the credential, which reaches the service', async () => {
    const response = await fetch(api('/internal/jobs/expire-packages'), {
      method: 'POST',
      headers: { 'x-internal-token': INTERNAL_TOKEN },
    });
    expect(response.status).toBe(200);
    const seen = (await response.json()) as Echo;
    expect(seen.url).toBe('/internal/jobs/expire-packages');
    expect(seen.headers['x-internal-token']).toBe(INTERNAL_TOKEN);
  });
});

describe('operations', () => {
  it('answers /healthz and /readyz with a status only; /metrics and the checks are on the metrics port', async () => {
    expect(await (await fetch(`${gateway.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${gateway.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect((await fetch(`${gateway.url}/metrics`)).status).toBe(404);
    // Identity's list of ended sessions has been read (the stand-in identity answers it).
    const detailed = await fetch(`${gateway.metricsUrl}/readyz`);
    expect(await detailed.json()).toEqual({ status: 'ready', checks: { session_revocations: 'ok' } });

    // Read each answer to its end: a compressed one is still streaming (and not yet counted) when its headers arrive.
    await (await fetch(api(`/services/${newId()}`), { headers: bearer(staffToken()) })).text();
    await (await fetch(api('/services'))).text();
    const text = await (await fetch(`${gateway.metricsUrl}/metrics`)).text();
    expect(text).toMatch(
      /http_requests_total\{service="gateway",method="GET",route="\/api\/v1\/services\/\{service_id\}",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /gateway_upstream_duration_seconds_bucket\{le="0.005",upstream="catalog",status="200"\}/,
    );
    expect(text).toMatch(/gateway_rejected_requests_total\{status="401",area="either"\} \d+/);
    expect(text).toMatch(/circuit_breaker_state\{breaker="gateway:catalog"\} 0/);
  });

  it('labels unknown paths "unmatched", never with the raw URL', async () => {
    await fetch(api(`/no/such/${newId()}`));
    const metrics = await metricsRegistry.metrics();
    expect(metrics).not.toMatch(/route="\/api\/v1\/no\/such/);
    expect(metrics).toMatch(
      /http_requests_total\{service="gateway",method="GET",route="unmatched",status="404"\}/,
    );
  });
});

/** POSTs `bytes` in 64 KiB chunks without a Content-Length (Transfer-Encoding: chunked). */
function chunkedPost(url: string, bytes: number): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    request.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const size = Math.min(chunk.length, bytes - sent);
        sent += size;
        if (!request.write(chunk.subarray(0, size))) {
          request.once('drain', pump);
          return;
        }
      }
      request.end();
    };
    pump();
  });
}
