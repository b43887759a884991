import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as amqp from 'amqplib';
import { Client } from 'pg';
import { creationStamp, removeStaleTestResources, testAmqpUrl, testDatabaseUrl, testNamespace } from '../src';

const HOUR = 60 * 60 * 1000;

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function databaseExists(name: string): Promise<boolean> {
  return admin(async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rowCount === 1;
  });
}

async function withChannel<T>(work: (channel: amqp.Channel) => Promise<T>): Promise<T> {
  const connection = await amqp.connect(testAmqpUrl());
  try {
    return await work(await connection.createChannel());
  } finally {
    await connection.close();
  }
}

async function queueExists(name: string): Promise<boolean> {
  const connection = await amqp.connect(testAmqpUrl());
  try {
    const channel = await connection.createChannel();
    channel.on('error', () => undefined);
    await channel.checkQueue(name);
    return true;
  } catch {
    return false;
  } finally {
    await connection.close().catch(() => undefined);
  }
}

describe('removeStaleTestResources', () => {
  const old = creationStamp(Date.now() - 3 * HOUR);
  const staleDatabase = `t${old}_leftover_${Date.now().toString(16)}`;
  const freshDatabase = `t${creationStamp()}_leftover_${Date.now().toString(16)}`;
  const staleQueue = `t${old}abc123.leftover.work`;
  const freshQueue = `${testNamespace()}.leftover.work`;

  beforeAll(async () => {
    await admin(async (client) => {
      await client.query(`CREATE DATABASE "${staleDatabase}"`);
      await client.query(`CREATE DATABASE "${freshDatabase}"`);
    });
    await withChannel(async (channel) => {
      await channel.assertQueue(staleQueue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
      await channel.assertQueue(freshQueue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    });
  });

  afterAll(async () => {
    await admin(async (client) => {
      for (const name of [staleDatabase, freshDatabase])
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
    await withChannel(async (channel) => {
      for (const queue of [staleQueue, freshQueue]) await channel.deleteQueue(queue);
    });
  });

  it('removes what a killed run left hours ago and keeps what a running one just made', async () => {
    const removed = await removeStaleTestResources(2 * HOUR);

    expect(removed.databases).toBeGreaterThanOrEqual(1);
    expect(removed.queues).toBeGreaterThanOrEqual(1);
    expect(await databaseExists(staleDatabase)).toBe(false);
    expect(await queueExists(staleQueue)).toBe(false);
    expect(await databaseExists(freshDatabase)).toBe(true);
    expect(await queueExists(freshQueue)).toBe(true);
  });

  it('kills the nodes of a broker cluster a killed run left and removes its folder, and keeps a fresh one', async () => {
    const node = spawn('sleep', ['600'], { stdio: 'ignore' });
    const cluster = (age: number) => {
      const folder = join('/tmp', `salon-broker-cluster-leftover-${age}-${Date.now().toString(16)}`);
      mkdirSync(join(folder, 'salon-c1'), { recursive: true });
      if (age > 0) writeFileSync(join(folder, 'salon-c1', 'pid'), String(node.pid));
      const at = (Date.now() - age) / 1000;
      utimesSync(folder, at, at);
      return folder;
    };
    const stale = cluster(3 * HOUR);
    const fresh = cluster(0);
    const exited = new Promise((resolve) => node.once('exit', (_code, signal) => resolve(signal)));
    try {
      const removed = await removeStaleTestResources(2 * HOUR);
      expect(removed.brokerClusters).toBeGreaterThanOrEqual(1);
      expect(await exited).toBe('SIGKILL');
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(fresh)).toBe(true);
    } finally {
      node.kill('SIGKILL');
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
