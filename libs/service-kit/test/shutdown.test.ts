import { closeServer, createHttpApp, createShutdown, finishHttpApp } from '../src';
import type { AddressInfo } from 'node:net';
import { captureLogger } from './helpers';

describe('createShutdown', () => {
  it('runs closers once, in reverse order, logging failures instead of throwing', async () => {
    const { logger, lines } = captureLogger();
    const order: string[] = [];
    const shutdown = createShutdown(logger);
    shutdown.register('database', () => {
      order.push('database');
    });
    shutdown.register('consumer', async () => {
      order.push('consumer');
      throw new Error('channel already closed');
    });
    shutdown.register('server', async () => {
      order.push('server');
    });
    const first = shutdown.run();
    expect(shutdown.run()).toBe(first);
    expect(await first).toBe(false);
    expect(order).toEqual(['server', 'consumer', 'database']);
    expect(lines).toContainEqual(expect.objectContaining({ closer: 'consumer', msg: 'closer failed' }));
  });

  it('gives up after the overall timeout', async () => {
    const { logger, lines } = captureLogger();
    const shutdown = createShutdown(logger, { timeoutMs: 50 });
    shutdown.register('stuck', () => new Promise<void>(() => undefined));
    expect(await shutdown.run()).toBe(false);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'shutdown timed out' }));
  });
});

describe('closeServer', () => {
  it('lets an in-flight request finish, then closes', async () => {
    const { logger } = captureLogger();
    const app = createHttpApp({ service: 'closing', logger });
    app.get('/slow', async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      res.json({ done: true });
    });
    finishHttpApp(app, logger);
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;

    const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = closeServer(server, { graceMs: 5_000 });
    const response = await inFlight;
    expect(await response.json()).toEqual({ done: true });
    await closed;
    expect(server.listening).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/slow`)).rejects.toThrow();
  });

  it('cuts connections still open after the grace period', async () => {
    const { logger } = captureLogger();
    const app = createHttpApp({ service: 'stuck', logger });
    app.get('/hang', () => undefined);
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const hanging = fetch(`http://127.0.0.1:${port}/hang`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await closeServer(server, { graceMs: 100 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await hanging).toMatchObject({ name: 'TypeError', message: 'fetch failed' });
  });
});
