/**
 * npm run bench:gateway — an authenticated GET straight to a small upstream and the same GET through the
 * gateway, in one run, with the same connections and duration (autocannon), alternating the targets over a
 * few rounds and reporting medians; then the latency one client adds, request after request.
 *
 * The upstream (BENCH_UPSTREAM) is `service` by default: a small service built like the platform's (service-kit's
 * express app with its request log and metrics, verifying the token again); `bare` is a Node HTTP server doing
 * no work at all, the worst case for any proxy.
 *
 * Targets (each its own process; autocannon runs in this one):
 *   direct             the upstream itself
 *   gateway            the real gateway: ES256 token verification (with its verified-token cache), staff
 *                      rate limiting in memory (limits raised so nothing is refused), metrics, request logs
 *                      (to /dev/null), helmet, breaker, keep-alive streaming pipe
 *   gateway, no cache  the same with AUTH_CACHE_SIZE=0: every request pays the ES256 signature check
 *   hpm (express)      http-proxy-middleware on express with a keep-alive agent and nothing else, for reference
 *   hpm (bare node)    http-proxy-middleware on a bare Node server with a keep-alive agent
 *   pipe (bare node)   the gateway's own proxy (createUpstream) on a bare Node server: compared with the line
 *                      above, throughput and added latency, to decide between the two (docs/decisions.md)
 *   gateway, redis     with BENCH_REDIS=1: the same gateway with its counters in Redis (TEST_REDIS_URL)
 *
 * Environment: BENCH_CONNECTIONS (50), BENCH_DURATION seconds (6), BENCH_ROUNDS (5), BENCH_LATENCY_REQUESTS
 * (5000). Prints req/s, latency and CPU per request of each process (which, unlike throughput, does not
 * depend on what else the shared machine runs), and one `BENCH {json}` line per measurement for
 * scripts/bench-report.ts (`npm run bench` writes docs/benchmarks.md).
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createTestKeys, testRedisUrl, testTokenSigner } from '@salon/testing';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LATENCY_REQUESTS = Number(process.env.BENCH_LATENCY_REQUESTS ?? 5000);
const UPSTREAM = process.env.BENCH_UPSTREAM ?? 'service';
const PATH = '/api/v1/services/65f1c0ffee0000000000abcd';
const HPM_BARE = 'hpm (bare node)';
const PIPE_BARE = 'pipe (bare node)';

const children: ChildProcess[] = [];

/**
 * CPU seconds a child has used (user + system, from /proc; Linux only, else NaN). CPU per request does not
 * depend on what else the machine is running, unlike throughput, so it is printed beside it.
 */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return Number.NaN;
  }
}

interface Target {
  name: string;
  url: string;
  /** The processes whose CPU a request through this target costs: [proxy, upstream] or [upstream]. */
  pids: (number | undefined)[];
}

function start(role: string, env: Record<string, string> = {}): Promise<{ url: string; pid?: number }> {
  const child = fork(join(__dirname, 'servers.ts'), [role], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    // stdout (the gateway's request log) goes to /dev/null; errors stay visible.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port: number }) =>
      resolve({ url: `http://127.0.0.1:${message.port}`, pid: child.pid }),
    );
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU µs per request of the proxy (absent for direct) and of the upstream. */
  proxyCpuUs?: number;
  upstreamCpuUs: number;
}

async function load(target: Target, headers: Record<string, string>, seconds: number): Promise<Run> {
  const before = target.pids.map(cpuSeconds);
  const result = await autocannon({
    url: target.url + PATH,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
  });
  const perRequest = target.pids.map(
    (pid, i) => ((cpuSeconds(pid) - (before[i] as number)) * 1e6) / result.requests.total,
  );
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    upstreamCpuUs: perRequest[perRequest.length - 1] as number,
    ...(perRequest.length > 1 ? { proxyCpuUs: perRequest[0] } : {}),
  };
}

/** One client, one request at a time on a kept-alive connection: µs-precise latencies. */
async function sequentialLatencies(
  url: string,
  headers: Record<string, string>,
  count: number,
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = process.hrtime.bigint();
    await new Promise<void>((resolve, reject) => {
      const request = http.get(url + PATH, { agent, headers }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
        response.resume();
        response.on('end', resolve);
      });
      request.on('error', reject);
    });
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  agent.destroy();
  return samples;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};
const pad = (value: string | number, width: number) => String(value).padStart(width);
/** One machine-readable line per measurement, for scripts/bench-report.ts. */
const report = (name: string, figures: Record<string, unknown>) =>
  process.stdout.write(`BENCH ${JSON.stringify({ bench: 'gateway', name, ...figures })}\n`);

async function main() {
  const keys = createTestKeys();
  const token = testTokenSigner(keys).signStaffAccess(
    {
      sub: '65f1c0ffee00000000000001',
      role: 'TENANT_ADMIN',
      tenant_id: '65f1c0ffee0000000000beef',
      outlet_ids: [],
    },
    24 * 3600,
  );
  const headers = { authorization: `Bearer ${token}` };

  if (UPSTREAM !== 'service' && UPSTREAM !== 'bare') throw new Error('BENCH_UPSTREAM is service or bare');
  const { url: upstream, pid: upstreamPid } = await start(UPSTREAM, { JWT_PUBLIC_KEY: keys.publicKeyPem });
  const proxied = async (name: string, role: string, env: Record<string, string>): Promise<Target> => {
    const { url, pid } = await start(role, env);
    return { name, url, pids: [pid, upstreamPid] };
  };
  const gatewayEnv = {
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    INTERNAL_TOKEN: 'bench-internal-token-0123456789abcdef',
    CATALOG_URL: upstream,
    // Limiting stays on (counted, headers sent); the limit is raised so the bench's one user is never refused.
    RATE_LIMIT_STAFF: '1000000000/1000000000',
    LOG_LEVEL: 'info',
  };
  const targets: Target[] = [
    { name: 'direct', url: upstream, pids: [upstreamPid] },
    await proxied('gateway', 'gateway', gatewayEnv),
    await proxied('gateway, no token cache', 'gateway', { ...gatewayEnv, AUTH_CACHE_SIZE: '0' }),
    await proxied('hpm (express)', 'hpm', { UPSTREAM_URL: upstream }),
    await proxied(HPM_BARE, 'hpm-bare', { UPSTREAM_URL: upstream }),
    await proxied(PIPE_BARE, 'pipe-bare', { ...gatewayEnv, UPSTREAM_URL: upstream }),
  ];
  if (process.env.BENCH_REDIS === '1') {
    targets.push(
      await proxied('gateway, redis store', 'gateway', {
        ...gatewayEnv,
        REDIS_URL: testRedisUrl(),
        RATE_LIMIT_PREFIX: `bench:${Date.now()}`,
      }),
    );
  }

  const cpu = os.cpus()[0]?.model ?? 'unknown cpu';
  process.stdout.write(
    `gateway bench: ${os.cpus().length} × ${cpu}, node ${process.version}; ` +
      `upstream: ${UPSTREAM}; ${CONNECTIONS} connections, ${DURATION} s × ${ROUNDS} rounds per target, ` +
      `GET ${PATH}\n`,
  );

  for (const target of targets) await load(target, headers, 2); // warm-up: JIT, sockets, token cache

  const runs = new Map<string, Run[]>(targets.map((target) => [target.name, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const target of targets) {
      const run = await load(target, headers, DURATION);
      runs.get(target.name)?.push(run);
      const proxyCpu = run.proxyCpuUs === undefined ? '' : `, proxy ${Math.round(run.proxyCpuUs)} µs CPU/req`;
      process.stdout.write(
        `  round ${round} ${target.name}: ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms` +
          `${proxyCpu}, upstream ${Math.round(run.upstreamCpuUs)} µs CPU/req\n`,
      );
    }
  }

  const direct = median((runs.get('direct') ?? []).map((run) => run.rps));
  process.stdout.write(
    `\n${'target'.padEnd(26)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('of direct', 11)}` +
      `${pad('proxy µs CPU/req', 18)}${pad('upstream µs CPU/req', 21)}\n`,
  );
  let failed = false;
  for (const target of targets) {
    const list = runs.get(target.name) ?? [];
    const rps = median(list.map((run) => run.rps));
    const bad = list.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
    if (bad > 0) failed = true;
    process.stdout.write(
      `${target.name.padEnd(26)}${pad(Math.round(rps), 9)}${pad(median(list.map((run) => run.p50)), 9)}` +
        `${pad(median(list.map((run) => run.p99)), 9)}${pad(`${((rps / direct) * 100).toFixed(1)}%`, 11)}` +
        `${pad(target.pids.length > 1 ? Math.round(median(list.map((run) => run.proxyCpuUs ?? 0))) : '-', 18)}` +
        `${pad(Math.round(median(list.map((run) => run.upstreamCpuUs))), 21)}` +
        `${bad > 0 ? `  (${bad} non-2xx or errors!)` : ''}\n`,
    );
    report('throughput', {
      target: target.name,
      upstream: UPSTREAM,
      connections: CONNECTIONS,
      duration_s: DURATION,
      rounds: ROUNDS,
      requests_per_s: Math.round(rps),
      p50_ms: median(list.map((run) => run.p50)),
      p99_ms: median(list.map((run) => run.p99)),
      ratio_to_direct: Number((rps / direct).toFixed(3)),
      ...(target.pids.length > 1
        ? { proxy_cpu_us_per_request: Math.round(median(list.map((run) => run.proxyCpuUs ?? 0))) }
        : {}),
      upstream_cpu_us_per_request: Math.round(median(list.map((run) => run.upstreamCpuUs))),
      failed_requests: bad,
    });
  }

  // Added latency at one client: alternate blocks so every target sees the same machine state.
  const block = 500;
  const latencyTargets = [
    targets[0] as Target,
    ...targets.filter((target) => ['gateway', HPM_BARE, PIPE_BARE].includes(target.name)),
  ];
  const samples = new Map<string, number[]>(latencyTargets.map((target) => [target.name, []]));
  for (const target of latencyTargets) await sequentialLatencies(target.url, headers, block);
  for (let done = 0; done < LATENCY_REQUESTS; done += block) {
    for (const target of latencyTargets) {
      samples.get(target.name)?.push(...(await sequentialLatencies(target.url, headers, block)));
    }
  }
  const directSamples = samples.get('direct') ?? [];
  const p50Direct = percentile(directSamples, 50);
  const p99Direct = percentile(directSamples, 99);
  const added = new Map<string, { p50: number; p99: number }>();
  process.stdout.write(`\none client, ${directSamples.length} sequential requests each (ms):\n`);
  for (const target of latencyTargets) {
    const list = samples.get(target.name) ?? [];
    const p50 = percentile(list, 50);
    const p99 = percentile(list, 99);
    added.set(target.name, { p50: p50 - p50Direct, p99: p99 - p99Direct });
    process.stdout.write(
      `  ${target.name.padEnd(18)} p50 ${p50.toFixed(3)}  p99 ${p99.toFixed(3)}` +
        (target.name === 'direct'
          ? '\n'
          : `  added p50 ${(p50 - p50Direct).toFixed(3)}  p99 ${(p99 - p99Direct).toFixed(3)}\n`),
    );
    if (target.name === 'direct') continue;
    report(target.name === 'gateway' ? 'added_latency_one_client' : 'added_latency_one_client_proxy', {
      ...(target.name === 'gateway' ? {} : { target: target.name }),
      requests: list.length,
      direct_p50_ms: Number(p50Direct.toFixed(3)),
      direct_p99_ms: Number(p99Direct.toFixed(3)),
      gateway_p50_ms: Number(p50.toFixed(3)),
      gateway_p99_ms: Number(p99.toFixed(3)),
      added_p50_ms: Number((p50 - p50Direct).toFixed(3)),
      added_p99_ms: Number((p99 - p99Direct).toFixed(3)),
    });
  }

  // http-proxy-middleware against the hand-written pipe, both on a bare Node server (issue: within 10%?).
  const rpsOf = (name: string) => median((runs.get(name) ?? []).map((run) => run.rps));
  const hpmAdded = added.get(HPM_BARE)?.p50 ?? Number.NaN;
  const pipeAdded = added.get(PIPE_BARE)?.p50 ?? Number.NaN;
  const throughputRatio = rpsOf(HPM_BARE) / rpsOf(PIPE_BARE);
  process.stdout.write(
    `\nhttp-proxy-middleware / hand-written pipe on a bare server: throughput ${(throughputRatio * 100).toFixed(1)}%, ` +
      `added p50 latency ${hpmAdded.toFixed(3)} ms vs ${pipeAdded.toFixed(3)} ms\n`,
  );
  report('hpm_vs_pipe', {
    throughput_ratio: Number(throughputRatio.toFixed(3)),
    hpm_added_p50_ms: Number(hpmAdded.toFixed(3)),
    pipe_added_p50_ms: Number(pipeAdded.toFixed(3)),
  });

  const gatewayRps = median((runs.get('gateway') ?? []).map((run) => run.rps));
  process.stdout.write(
    `\nratio gateway / direct: ${((gatewayRps / direct) * 100).toFixed(1)}% (goal ≥ 60%)\n`,
  );
  if (failed) throw new Error('some requests failed: the figures are not valid');
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill();
  });
