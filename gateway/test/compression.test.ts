import http, { type IncomingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import { acceptedEncoding } from '../src/compression';
import {
  allUpstreams,
  bearer,
  staffToken,
  startGateway,
  startUpstream,
  type RunningGateway,
  type RunningUpstream,
  type UpstreamHandler,
} from './helpers';

let upstream: RunningUpstream;
let gateway: RunningGateway;

beforeAll(async () => {
  upstream = await startUpstream();
  gateway = await startGateway(allUpstreams(upstream.url));
});

afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire, not decoded (fetch would decode them behind our back). */
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${gateway.url}/api/v1${path}`,
      { headers: { ...bearer(staffToken()), ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const answering =
  (body: string, headers: Record<string, string> = {}): UpstreamHandler =>
  (_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      ...headers,
    });
    res.end(body);
  };

const services = (count: number) =>
  JSON.stringify({
    items: Array.from({ length: count }, (_, i) => ({
      id: `service-${i}`,
      name: `Haircut ${i}`,
      price: 150_000,
    })),
  });

describe('compression of proxied JSON answers', () => {
  const large = services(200);

  it('br-encodes a large JSON answer when the client accepts br, identical once decoded', async () => {
    upstream.handler = answering(large, { etag: '"v1"' });
    const answer = await get('/services', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.headers.etag).toBe('W/"v1"');
    expect(answer.body.length).toBeLessThan(large.length / 5);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(large);
  });

  it('gzip-encodes it when the client accepts only gzip', async () => {
    upstream.handler = answering(large);
    const answer = await get('/services', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.gunzipSync(answer.body).toString()).toBe(large);
  });

  it('sends it as it is when the client accepts neither, still saying that the answer varies', async () => {
    upstream.handler = answering(large, { vary: 'Origin' });
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const answer = await get('/services', accept === undefined ? {} : { 'accept-encoding': accept });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-length']).toBe(String(large.length));
      expect(answer.headers.vary).toBe('Origin, Accept-Encoding');
      expect(answer.body.toString()).toBe(large);
    }
  });

  it('leaves answers under 1 KiB uncompressed', async () => {
    const small = services(3);
    expect(small.length).toBeLessThan(1024);
    upstream.handler = answering(small);
    const answer = await get('/services', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.body.toString()).toBe(small);
  });

  it('passes an already-encoded answer through untouched', async () => {
    const encoded = zlib.gzipSync(large);
    upstream.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(encoded);
    };
    const answer = await get('/services', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.body.equals(encoded)).toBe(true);
  });

  it('does not compress an event stream, nor an answer marked no-transform', async () => {
    const events = `data: ${large}\n\n`;
    upstream.handler = answering(events, { 'content-type': 'text/event-stream' });
    const stream = await get('/services', { 'accept-encoding': 'br, gzip' });
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.body.toString()).toBe(events);

    upstream.handler = answering(large, { 'cache-control': 'private, no-transform' });
    const untransformed = await get('/services', { 'accept-encoding': 'br, gzip' });
    expect(untransformed.headers['content-encoding']).toBeUndefined();
    expect(untransformed.body.toString()).toBe(large);
  });

  it('compresses a streamed (chunked) JSON answer of unknown length', async () => {
    upstream.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(large.slice(0, 1000));
      res.end(large.slice(1000));
    };
    const answer = await get('/services', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(answer.body).toString()).toBe(large);
  });

  it('brings a 90-day, 20-staff availability grid (about 14 MB of JSON) under 1.5 MB', async () => {
    const grid = availabilityGrid({ days: 90, staff: 20, slotsPerDay: 36 });
    expect(grid.length).toBeGreaterThan(13_500_000);
    upstream.handler = answering(grid);
    for (const encoding of ['br', 'gzip'] as const) {
      const started = process.hrtime.bigint();
      const answer = await get('/availability/availability-grid', { 'accept-encoding': encoding });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.body.length).toBeLessThan(1_500_000);
      const decoded =
        encoding === 'br' ? zlib.brotliDecompressSync(answer.body) : zlib.gunzipSync(answer.body);
      expect(decoded.length).toBe(grid.length);
      // The measurement the decision quotes (docs/decisions.md).
      console.log(
        `availability grid ${grid.length} bytes → ${encoding} ${answer.body.length} bytes ` +
          `(${((answer.body.length / grid.length) * 100).toFixed(1)}%) in ${ms.toFixed(0)} ms through the gateway`,
      );
    }
  });
});

describe('acceptedEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity, deflate', undefined],
    [['gzip', 'br;q=0.9'], 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

/**
 * A grid shaped like scheduling's: per day, per slot, one entry per staff member, with ids, names and an
 * availability that varies (a seeded generator, so the measurement is repeatable).
 */
function availabilityGrid({
  days,
  staff,
  slotsPerDay,
}: {
  days: number;
  staff: number;
  slotsPerDay: number;
}) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const hex = (length: number) =>
    Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
  const members = Array.from({ length: staff }, (_, i) => ({ id: hex(24), name: `Staff Member ${i + 1}` }));
  const time = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const availability_grid: Record<string, unknown[]> = {};
  for (let day = 0; day < days; day++) {
    const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
    const slots: unknown[] = [];
    for (let slot = 0; slot < slotsPerDay; slot++) {
      const start = 9 * 60 + slot * 15;
      for (const member of members) {
        const parallel = random() < 0.3;
        slots.push({
          start_time: time(start),
          end_time: time(start + 60),
          staff_id: member.id,
          staff_name: member.name,
          is_available: random() < 0.6,
          allows_parallel_bookings: parallel,
          available_capacity: parallel ? Math.floor(random() * 4) : null,
          max_capacity: parallel ? 4 : null,
          gender: null,
        });
      }
    }
    availability_grid[date] = slots;
  }
  return JSON.stringify({
    start_date: '2026-01-01',
    end_date: '2026-03-31',
    num_days: days,
    slot_interval_minutes: 15,
    availability_grid,
    metadata: {
      service_id: hex(24),
      service_name: 'Haircut',
      outlet_id: hex(24),
      outlet_name: 'Main outlet',
      staff_id: null,
      total_available_slots: days * slotsPerDay * staff,
      service_duration_minutes: 60,
    },
  });
}
