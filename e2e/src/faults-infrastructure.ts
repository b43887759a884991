import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { testAmqpUrl, testDatabaseUrl, waitFor } from '@salon/testing';

/**
 * Faults of the shared infrastructure for the fault suites: the RabbitMQ application stopped and started,
 * and a service's PostgreSQL database cut off. Each fault has its undo; callers run it in a `finally`.
 */
const run = promisify(execFile);

/** Stops the broker's application (the Erlang node stays up, as `rabbitmqctl stop_app` does in operations). */
export async function stopBroker(): Promise<void> {
  await run('rabbitmqctl', ['stop_app']);
}

/** Starts the broker's application and resolves once its management CLI reports it booted and AMQP listens. */
export async function startBroker(): Promise<void> {
  await run('rabbitmqctl', ['start_app']);
  await run('rabbitmqctl', ['await_startup', '--timeout', '60']);
  const { hostname, port } = new URL(testAmqpUrl());
  await waitFor(() => portOpen(hostname, Number(port || 5672)), {
    timeoutMs: 30_000,
    intervalMs: 100,
    message: 'RabbitMQ does not listen again',
  });
}

function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

async function admin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Refuses new connections to the database and terminates every open one: the service's pool loses them all. */
export async function cutOffDatabase(url: string): Promise<number> {
  const name = databaseName(url);
  return admin(async (client) => {
    await client.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    const { rows } = await client.query(
      'SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    return rows.filter((row: { terminated: boolean }) => row.terminated).length;
  });
}

export async function restoreDatabase(url: string): Promise<void> {
  await admin((client) => client.query(`ALTER DATABASE "${databaseName(url)}" ALLOW_CONNECTIONS true`));
}

/** The value `fn` resolves to and how long it took in milliseconds. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

/** The HTTP status of a process's `/readyz` (0 when it does not answer). */
export async function readiness(baseUrl: string): Promise<number> {
  try {
    return (await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return 0;
  }
}
