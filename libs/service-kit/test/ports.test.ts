import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort, portIfFree } from '../src';

const ephemeralLow = Number(
  readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
);

const listenOn = (port: number) =>
  new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('ports chosen before their server starts', () => {
  it('come from below the ephemeral range, where no outgoing connection or listen(0) can take them', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(ephemeralLow);
    }
    // Drawn at random: twenty draws are not one port handed out again and again.
    expect(new Set(ports).size).toBeGreaterThan(15);
  });

  it('are free to listen on, and a port in use is never handed out', async () => {
    const port = await freePort();
    const server = await listenOn(port);
    try {
      expect(await portIfFree(port)).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await portIfFree(port)).toBe(port);
  });

  it('are never one that fetch refuses to connect to (10080, a "bad port")', async () => {
    await expect(fetch('http://127.0.0.1:10080/')).rejects.toThrow();
    // The first draw lands on 10080 (the random number that maps to it), the next anywhere.
    const random = jest.spyOn(Math, 'random').mockReturnValueOnce((80 + 0.5) / (ephemeralLow - 10_000));
    try {
      const port = await freePort();
      expect(random).toHaveBeenCalledTimes(2);
      expect(port).not.toBe(10_080);
    } finally {
      random.mockRestore();
    }
  });
});
