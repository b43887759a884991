import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as amqp from 'amqplib';
import { Client } from 'pg';
import { removeStaleBrokerClusters } from './broker-cluster';
import { testAmqpUrl, testDatabaseUrl } from './infrastructure';

const run = promisify(execFile);

/**
 * Test resources (databases, broker namespaces) carry their creation time in their names, so a later run can
 * remove what a killed run left behind. Idle quorum queues are not free: each holds file handles, and about
 * 1,500 of them left this machine's broker refusing new AMQP connections (every test's setup then hangs until
 * its hook times out, which is how a CI run failed after each earlier run had leaked a namespace).
 */
const STAMP_LENGTH = 6;

/** Seconds since the epoch in base 36, six characters until 2038. */
export function creationStamp(now = Date.now()): string {
  return Math.floor(now / 1000)
    .toString(36)
    .padStart(STAMP_LENGTH, '0');
}

function createdAt(stamp: string): number {
  return parseInt(stamp, 36) * 1000;
}

/** Names this helper recognises: stamped ones (`t<stamp>…`) and the unstamped ones of older runs (`t_…`, `t<8 hex>.`). */
const STAMPED_DATABASE = new RegExp(`^t([0-9a-z]{${STAMP_LENGTH}})_`);
const UNSTAMPED_DATABASE = /^t_/;
const STAMPED_NAMESPACE = new RegExp(`^(t([0-9a-z]{${STAMP_LENGTH}})[0-9a-f]{6})\\.`);
const UNSTAMPED_NAMESPACE = /^(t[0-9a-f]{8})\./;

function isStale(
  name: string,
  stamped: RegExp,
  stampGroup: number,
  unstamped: RegExp,
  cutoff: number,
): boolean {
  const match = stamped.exec(name);
  if (match) return createdAt(match[stampGroup]!) < cutoff;
  return unstamped.test(name);
}

export interface LeftoverReport {
  databases: number;
  queues: number;
  exchanges: number;
  brokerClusters: number;
}

/**
 * Drops test databases and deletes test broker queues and exchanges created more than `olderThanMs` ago
 * (no test run lasts that long, so a concurrent run's resources are never touched).
 */
export async function removeStaleTestResources(olderThanMs = 2 * 60 * 60 * 1000): Promise<LeftoverReport> {
  const cutoff = Date.now() - olderThanMs;
  const databases = await removeStaleDatabases(cutoff);
  const { queues, exchanges } = await removeStaleBrokerResources(cutoff).catch(() => ({
    queues: 0,
    exchanges: 0,
  }));
  return { databases, queues, exchanges, brokerClusters: removeStaleBrokerClusters(cutoff) };
}

async function removeStaleDatabases(cutoff: number): Promise<number> {
  const client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 't%' AND NOT datistemplate",
    );
    const stale = rows
      .map((row) => row.datname)
      .filter((name) => isStale(name, STAMPED_DATABASE, 1, UNSTAMPED_DATABASE, cutoff));
    for (const name of stale) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    return stale.length;
  } finally {
    await client.end();
  }
}

/**
 * Needs `rabbitmqctl` on this machine (the broker's own listing); a broker elsewhere is left alone. Queues go
 * through `rabbitmqctl eval`, not AMQP: with about 1,500 idle quorum queues a RabbitMQ 3.10 with 1,024 file
 * descriptors stops accepting AMQP connections at all (measured here), and that is when this must still work.
 */
async function removeStaleBrokerResources(cutoff: number): Promise<{ queues: number; exchanges: number }> {
  const list = async (what: 'list_queues' | 'list_exchanges') => {
    const { stdout } = await run('rabbitmqctl', [what, 'name', '-q', '--no-table-headers']);
    return stdout
      .split('\n')
      .map((line) => line.trim())
      .filter((name) => isStale(name, STAMPED_NAMESPACE, 2, UNSTAMPED_NAMESPACE, cutoff));
  };
  const [queues, exchanges] = await Promise.all([list('list_queues'), list('list_exchanges')]);
  for (let start = 0; start < queues.length; start += 500)
    await run('rabbitmqctl', ['eval', deleteQueuesExpression(queues.slice(start, start + 500))]);
  if (exchanges.length > 0) {
    const connection = await amqp.connect(testAmqpUrl());
    try {
      const channel = await connection.createChannel();
      for (const exchange of exchanges) await channel.deleteExchange(exchange);
    } finally {
      await connection.close();
    }
  }
  return { queues: queues.length, exchanges: exchanges.length };
}

/** An Erlang expression deleting these queues of the default vhost (names are test names: `[a-z0-9._-]`). */
function deleteQueuesExpression(names: string[]): string {
  const safe = names.filter((name) => /^[a-z0-9._-]+$/i.test(name));
  return (
    `Names = [${safe.map((name) => `<<"${name}">>`).join(', ')}], ` +
    `Qs = [Q || Q <- rabbit_amqqueue:list(<<"/">>), lists:member(element(4, amqqueue:get_name(Q)), Names)], ` +
    `[rabbit_amqqueue:delete(Q, false, false, <<"test-cleanup">>) || Q <- Qs], length(Qs).`
  );
}
