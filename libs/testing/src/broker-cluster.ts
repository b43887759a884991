import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@salon/service-kit';
import { waitFor } from './wait';

const run = promisify(execFile);

/**
 * The broker's own scripts, not /usr/sbin's wrappers: those switch to the `rabbitmq` user and read
 * /etc/rabbitmq/rabbitmq-env.conf, which names the shared node (`rabbit@localhost`) this cluster must never touch.
 */
const RABBITMQ_BIN = process.env.RABBITMQ_BIN_DIR ?? '/usr/lib/rabbitmq/bin';

export interface ClusterNode {
  /** Erlang node name, e.g. `salon-c1-ab12@localhost`. */
  name: string;
  amqpPort: number;
  distPort: number;
  url: string;
}

export interface BrokerCluster {
  nodes: ClusterNode[];
  /** Every node's AMQP URL, comma-separated: what `AMQP_URL` takes. */
  amqpUrl: string;
  /** `rabbitmqctl` against one node (its stdout). */
  ctl(node: ClusterNode, args: string[]): Promise<string>;
  /** The node that leads a quorum queue (`leader` of `list_queues`). */
  leaderOf(queue: string): Promise<ClusterNode>;
  /** Kills a node's Erlang VM (SIGKILL, as a crashed machine); its data stays for `start`. */
  kill(node: ClusterNode): Promise<void>;
  /** Starts a stopped node again on its data; resolves once it runs and rejoined the cluster. */
  start(node: ClusterNode): Promise<void>;
  /**
   * Cuts a node off the other two: it refuses their distribution connections (a cookie they do not know)
   * and drops the ones open. With `pause_minority` it pauses, closing its clients' connections.
   */
  partition(node: ClusterNode): Promise<void>;
  /** Undoes `partition`: the node accepts the others again and, with the majority in sight, resumes. */
  heal(node: ClusterNode): Promise<void>;
  /** Kills every node and removes their folders. */
  stop(): Promise<void>;
}

/**
 * A RabbitMQ cluster of `size` nodes on this machine for a fault suite, beside the shared broker (127.0.0.1:5672,
 * node `rabbit@localhost`), which it never touches: own node names, AMQP and distribution ports, data, logs, pid
 * files, config and an empty plugin list (no management listener to clash), all under one folder in /tmp.
 * Nodes 2… join node 1 with `rabbitmqctl join_cluster`, one after another. They share the running user's Erlang
 * cookie.
 */
export async function startBrokerCluster(size = 3): Promise<BrokerCluster> {
  const id = randomBytes(2).toString('hex');
  const base = join(CLUSTERS_FOLDER, `${CLUSTER_PREFIX}${id}`);
  ensureCookie();
  const nodes: ClusterNode[] = [];
  for (let i = 1; i <= size; i += 1) {
    const amqpPort = await freePort();
    const distPort = await freePort();
    nodes.push({
      name: `salon-c${i}-${id}@localhost`,
      amqpPort,
      distPort,
      url: `amqp://guest:guest@127.0.0.1:${amqpPort}`,
    });
  }
  const folder = (node: ClusterNode) => join(base, node.name.split('@')[0]!);
  const pids = new Map<ClusterNode, number>();
  const cutOff = new Set<ClusterNode>();
  /** A node that runs and sees the majority: the one to ask about the cluster. */
  const serving = () => {
    const node = nodes.find((candidate) => pids.has(candidate) && !cutOff.has(candidate));
    if (!node) throw new Error('No node of the cluster is serving');
    return node;
  };

  const ctl = async (node: ClusterNode, args: string[]) =>
    (await run(join(RABBITMQ_BIN, 'rabbitmqctl'), ['-n', node.name, ...args], { env: envOf(node) })).stdout;

  const envOf = (node: ClusterNode): NodeJS.ProcessEnv => {
    const dir = folder(node);
    return {
      ...process.env,
      HOME: homedir(),
      // An env file of its own: the system's sets the shared node's name.
      RABBITMQ_CONF_ENV_FILE: join(dir, 'rabbitmq-env.conf'),
      RABBITMQ_NODENAME: node.name,
      RABBITMQ_NODE_PORT: String(node.amqpPort),
      RABBITMQ_DIST_PORT: String(node.distPort),
      RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
      RABBITMQ_MNESIA_DIR: join(dir, 'mnesia', node.name),
      RABBITMQ_LOG_BASE: join(dir, 'log'),
      RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
      RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq.conf'),
      RABBITMQ_PID_FILE: join(dir, 'pid'),
      ERL_EPMD_ADDRESS: '127.0.0.1',
      RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '-kernel inet_dist_use_interface {127,0,0,1}',
    };
  };

  const launch = async (node: ClusterNode) => {
    const dir = folder(node);
    mkdirSync(join(dir, 'log'), { recursive: true });
    writeFileSync(join(dir, 'rabbitmq-env.conf'), '');
    writeFileSync(join(dir, 'enabled_plugins'), '[].\n');
    writeFileSync(
      join(dir, 'rabbitmq.conf'),
      [
        `listeners.tcp.1 = 127.0.0.1:${node.amqpPort}`,
        // guest may connect over 127.0.0.1 only, as on the shared broker.
        'loopback_users.guest = true',
        // A node that loses the majority stops serving (its clients move to the others) and resumes once it
        // sees the majority again: RabbitMQ's advice for clusters of three or more.
        'cluster_partition_handling = pause_minority',
        '',
      ].join('\n'),
    );
    // Every quorum queue holds files open: the default soft limit (1024) is too low (.ci/run does the same).
    const child = spawn(
      'sh',
      ['-c', `ulimit -n "$(ulimit -Hn)"; exec "${join(RABBITMQ_BIN, 'rabbitmq-server')}"`],
      { env: envOf(node), stdio: 'ignore', detached: true },
    );
    child.unref();
    if (child.pid) pids.set(node, child.pid);
    // `wait` waits for the pid file, then for the node to boot (await_startup fails before it is registered).
    await ctl(node, ['wait', join(dir, 'pid'), '--timeout', '120']);
  };

  const running = async (node: ClusterNode) => {
    await waitFor(
      async () => {
        const status = await ctl(node, ['cluster_status', '--formatter', 'json']).catch(() => '');
        if (!status) return false;
        const { running_nodes: up = [] } = JSON.parse(status) as { running_nodes?: string[] };
        return up.length === size;
      },
      { timeoutMs: 60_000, intervalMs: 500, message: `${node.name} did not rejoin the cluster` },
    );
  };

  const cluster: BrokerCluster = {
    nodes,
    amqpUrl: nodes.map((node) => node.url).join(','),
    ctl,
    async leaderOf(queue) {
      const out = await ctl(serving(), ['list_queues', 'name', 'leader', '-q', '--no-table-headers']);
      const line = out.split('\n').find((row) => row.split('\t')[0] === queue);
      const leader = nodes.find((node) => line?.split('\t')[1]?.trim() === node.name);
      if (!leader) throw new Error(`No leader found for ${queue}: ${out}`);
      return leader;
    },
    async kill(node) {
      const pid = pids.get(node);
      if (!pid) return;
      // The shell exec'd the broker's script, which runs the VM in its own process group.
      killGroup(pid, 'SIGKILL');
      pids.delete(node);
      await waitFor(() => !groupAlive(pid), {
        timeoutMs: 10_000,
        intervalMs: 100,
        message: `${node.name} did not exit`,
      });
    },
    async start(node) {
      await launch(node);
      await running(node);
    },
    async partition(node) {
      const others = nodes.filter((other) => other !== node).map((other) => `'${other.name}'`);
      await ctl(node, [
        'eval',
        `[begin erlang:set_cookie(N, 'salon_partitioned'), erlang:disconnect_node(N) end || N <- [${others.join(',')}]], ok.`,
      ]);
      cutOff.add(node);
    },
    async heal(node) {
      const others = nodes.filter((other) => other !== node).map((other) => `'${other.name}'`);
      await ctl(node, [
        'eval',
        `[begin erlang:set_cookie(N, erlang:get_cookie()), net_kernel:connect_node(N) end || N <- [${others.join(',')}]], ok.`,
      ]);
      cutOff.delete(node);
      await running(node);
    },
    async stop() {
      for (const pid of pids.values()) killGroup(pid, 'SIGKILL');
      pids.clear();
      rmSync(base, { recursive: true, force: true });
    },
  };

  try {
    await Promise.all(nodes.map(launch));
    const [first, ...rest] = nodes;
    // One node joins at a time: two joining at once race in the cluster's schema (mnesia), and one of them
    // then fails `start_app` (`{mnesia_app, start, …}`), as a CI run of 2026-12-08 did.
    for (const node of rest) {
      await ctl(node, ['stop_app']);
      await ctl(node, ['join_cluster', first!.name]);
      await ctl(node, ['start_app']);
    }
    await running(first!);
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

const CLUSTERS_FOLDER = '/tmp';
const CLUSTER_PREFIX = 'salon-broker-cluster-';

/**
 * Clusters a killed test run left behind, started before `cutoff`: each node's beam process (its pid file)
 * is killed and the cluster's folder removed. Returns how many clusters went.
 */
export function removeStaleBrokerClusters(cutoff: number): number {
  const stale = readdirSync(CLUSTERS_FOLDER)
    .filter((name) => name.startsWith(CLUSTER_PREFIX))
    .map((name) => join(CLUSTERS_FOLDER, name))
    .filter((folder) => statSync(folder).mtimeMs < cutoff);
  for (const folder of stale) {
    for (const node of readdirSync(folder)) {
      const pidFile = join(folder, node, 'pid');
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : NaN;
      // Never 0 or 1 (this process group, init) from a file that is not what it should be.
      if (!Number.isInteger(pid) || pid <= 1) continue;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(folder, { recursive: true, force: true });
  }
  return stale.length;
}

/** The Erlang cookie every node and `rabbitmqctl` read; made once up front so parallel first starts agree. */
function ensureCookie(): void {
  const cookie = join(homedir(), '.erlang.cookie');
  if (existsSync(cookie)) return;
  writeFileSync(cookie, randomBytes(20).toString('hex').toUpperCase(), { mode: 0o400 });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}
