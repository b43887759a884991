import os from 'node:os';
import * as amqp from 'amqplib';
import { Client } from 'pg';
import { testAmqpUrl, testDatabaseUrl } from '@salon/testing';

/** What the figures were measured on. */
export interface Machine {
  cpuModel: string;
  cpus: number;
  memoryGiB: number;
  node: string;
  postgres: string;
  rabbitmq: string;
}

export const loadAverage = (): string =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');

/** The server's own report of its version; "unavailable" when it cannot be reached. */
async function postgresVersion(): Promise<string> {
  const client = new Client({ connectionString: testDatabaseUrl() });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0]?.server_version ?? 'unknown';
  } catch {
    return 'unavailable';
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function rabbitmqVersion(): Promise<string> {
  try {
    const connection = await amqp.connect(testAmqpUrl());
    // The broker announces its version in the connection handshake.
    const version = connection.connection.serverProperties.version;
    await connection.close();
    return String(version ?? 'unknown');
  } catch {
    return 'unavailable';
  }
}

export async function describeMachine(): Promise<Machine> {
  const cpus = os.cpus();
  const [postgres, rabbitmq] = await Promise.all([postgresVersion(), rabbitmqVersion()]);
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpus: cpus.length,
    memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    postgres,
    rabbitmq,
  };
}
