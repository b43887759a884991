import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@salon/service-kit';
import { httpRequest, startRoundRobinFront, type RoundRobinFront } from '../src';

/** A replica that answers with its name and what it was sent; `hangUp` makes it drop every request. */
async function replica(name: string, options: { hangUp?: boolean } = {}) {
  const server: Server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (options.hangUp) return req.socket.destroy();
      res.writeHead(201, { 'content-type': 'application/json', 'x-replica': name });
      res.end(
        JSON.stringify({
          name,
          method: req.method,
          url: req.url,
          token: req.headers['x-internal-token'] ?? null,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const started: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const running of started.splice(0)) await running.close();
});
async function front(targets: string[]): Promise<RoundRobinFront> {
  const running = await startRoundRobinFront(targets);
  started.push(running);
  return running;
}

it('spreads requests in turn and forwards method, path, headers and body unchanged', async () => {
  const a = await replica('a');
  const b = await replica('b');
  started.push(a, b);
  const lb = await front([a.url, b.url]);
  const answers = [];
  for (let n = 0; n < 4; n += 1)
    answers.push(
      await httpRequest(`${lb.url}/things/${n}?q=1`, 'POST', {
        headers: { 'x-internal-token': 'secret' },
        body: { n },
      }),
    );
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
  expect(answers.map((answer) => answer.headers.get('x-replica'))).toEqual(['a', 'b', 'a', 'b']);
  expect(answers[3]!.body).toEqual({
    name: 'b',
    method: 'POST',
    url: '/things/3?q=1',
    token: 'secret',
    body: '{"n":3}',
  });
  expect([...lb.forwarded.values()]).toEqual([2, 2]);
});

it('passes over a target that refuses the connection, and answers 503 when none accepts', async () => {
  const a = await replica('a');
  started.push(a);
  const gone = `http://127.0.0.1:${await freePort()}`;
  const lb = await front([gone, a.url]);
  for (let n = 0; n < 4; n += 1) {
    const answer = await httpRequest(`${lb.url}/x`, 'GET');
    expect([answer.status, answer.body.name]).toEqual([201, 'a']);
  }
  expect(lb.forwarded.get(gone)).toBeUndefined();
  lb.targets = [gone];
  const none = await httpRequest(`${lb.url}/x`, 'GET');
  expect(none.status).toBe(503);
});

it('never sends again a request its target took and dropped: 502', async () => {
  const dropping = await replica('dropping', { hangUp: true });
  const a = await replica('a');
  started.push(dropping, a);
  const lb = await front([dropping.url, a.url]);
  const answer = await httpRequest(`${lb.url}/pay`, 'POST', { body: { once: true } });
  expect(answer.status).toBe(502);
  expect(answer.body).toEqual({ detail: expect.stringContaining('broke the connection') });
  expect(lb.forwarded.get(a.url)).toBeUndefined();
});
