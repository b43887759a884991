import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SERVICES } from '@salon/gateway';
import { assertStartsWith, stubSecret } from './manifests-config';

// docker-compose.yml, its Prometheus and Grafana files and the Dockerfile, checked without Docker (CI has
// none): structure, start order, the environment each process validates, and what Prometheus scrapes.

const ROOT = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, any> };
const services = compose.services;
const dockerfile = read('Dockerfile');
const APPS = ['gateway', ...SERVICES];
const ONE_SHOT = ['demo-secrets'];

const appOf = (service: any): string | undefined => service.build?.args?.APP;
const dependencies = (service: any): Record<string, { condition: string }> => service.depends_on ?? {};
/** Host paths bind-mounted into a service, relative to the repository. */
const mounts = (service: any): { host: string; container: string }[] =>
  (service.volumes ?? [])
    .map((volume: string) => volume.split(':'))
    .filter(([host]: string[]) => host?.startsWith('./'))
    .map(([host, container]: string[]) => ({ host: host!.slice(2), container }));

describe('docker-compose.yml', () => {
  it('runs the infrastructure, the six services, the gateway, the sandboxes, Prometheus and Grafana', () => {
    for (const name of [...APPS, 'postgres', 'rabbitmq', 'redis', 'sandboxes', 'prometheus', 'grafana'])
      expect(services).toHaveProperty(name);
    for (const name of APPS) expect(appOf(services[name])).toBe(name);
    expect(appOf(services.sandboxes)).toBe('sandboxes');
    expect(services.rabbitmq.image).toMatch(/^rabbitmq:3[\w.-]*-management/);
    expect(services.gateway.ports).toEqual(['8080:8080']);
    // Like Kubernetes: the services are reached through the gateway only.
    for (const name of SERVICES) expect(services[name].ports).toBeUndefined();
  });

  it('health-checks every long-running container and starts each after what it depends on', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!ONE_SHOT.includes(name))
        expect({ name, test: service.healthcheck?.test }).toEqual({
          name,
          test: expect.arrayContaining(['CMD']),
        });
      for (const [dependency, { condition }] of Object.entries(dependencies(service))) {
        expect(services).toHaveProperty(dependency);
        expect(condition).toBe(
          ONE_SHOT.includes(dependency) ? 'service_completed_successfully' : 'service_healthy',
        );
      }
    }
    for (const name of SERVICES)
      expect(Object.keys(dependencies(services[name]))).toEqual(
        expect.arrayContaining(['demo-secrets', 'postgres', 'rabbitmq']),
      );
    expect(Object.keys(dependencies(services.gateway))).toEqual(
      expect.arrayContaining(['redis', 'demo-secrets', ...SERVICES]),
    );
  });

  it('has no dependency cycle', () => {
    const visiting = new Set<string>();
    const done = new Set<string>();
    const visit = (name: string, path: string[]) => {
      if (done.has(name)) return;
      if (visiting.has(name)) throw new Error(`cycle: ${[...path, name].join(' → ')}`);
      visiting.add(name);
      for (const dependency of Object.keys(dependencies(services[name]))) visit(dependency, [...path, name]);
      done.add(name);
    };
    for (const name of Object.keys(services)) expect(() => visit(name, [])).not.toThrow();
  });

  it('gives every process the environment its configuration schema requires', () => {
    for (const name of APPS) {
      const environment: Record<string, string> = { ...services[name].environment };
      for (const secret of environment.DEMO_SECRETS?.split(',') ?? [])
        environment[secret] = stubSecret(secret);
      expect(() => assertStartsWith(name, environment)).not.toThrow();
    }
    // Each service its own database, created by the init script postgres runs on first start.
    const initScript = mounts(services.postgres).find((m) =>
      m.container.startsWith('/docker-entrypoint-initdb.d'),
    );
    const databases = read(initScript!.host);
    for (const name of SERVICES) {
      expect(services[name].environment.DATABASE_URL).toMatch(new RegExp(`@postgres:5432/${name}$`));
      expect(databases).toContain(`CREATE DATABASE ${name};`);
    }
  });

  it('the sandboxes and commerce agree on the payment provider credentials', () => {
    const { environment: sandboxes } = services.sandboxes;
    for (const name of ['commerce', 'identity'])
      expect(services[name].environment.PAYMENT_PROVIDER_SECRET_KEY).toBe(sandboxes.PAYMENT_SECRET_KEY);
    expect(services.commerce.environment.PAYMENT_CALLBACK_TOKEN).toBe(sandboxes.PAYMENT_CALLBACK_TOKEN);
  });

  it('mounts only files that exist', () => {
    for (const service of Object.values(services))
      for (const { host } of mounts(service))
        expect({ host, exists: existsSync(join(ROOT, host)) }).toEqual({
          host,
          exists: true,
        });
  });
});

describe('compose Prometheus and Grafana', () => {
  const prometheus = parse(read('deploy/docker/prometheus.yml'));
  const rulesMount = mounts(services.prometheus).find((m) => m.host === 'deploy/prometheus/alerts.rules.yml');

  it('scrapes /metrics of the gateway and every service on its METRICS_PORT, named as on Kubernetes', () => {
    const targets = Object.fromEntries(
      prometheus.scrape_configs.map((job: any) => [job.job_name, job.static_configs[0].targets]),
    );
    for (const name of APPS) {
      const port = services[name].environment.METRICS_PORT;
      expect(port).toBe('9464');
      expect(targets[name]).toEqual([`${name}:${port}`]);
      // The API port is published for the gateway only; the metrics port for nobody.
      expect(JSON.stringify(services[name].ports ?? [])).not.toContain(port);
    }
  });

  it('loads the alert rules and passes promtool', () => {
    expect(prometheus.rule_files).toEqual([rulesMount?.container]);
    const dir = mkdtempSync(join(tmpdir(), 'prometheus-'));
    try {
      const config = join(dir, 'prometheus.yml');
      const rules = join(ROOT, rulesMount!.host);
      writeFileSync(config, read('deploy/docker/prometheus.yml').replace(rulesMount!.container, rules));
      expect(execFileSync('promtool', ['check', 'config', config], { encoding: 'utf8' })).toMatch(/SUCCESS/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('provisions the data source and the dashboards folder Grafana mounts', () => {
    const dashboards = parse(read('deploy/docker/grafana/provisioning/dashboards/salon.yml'));
    const mounted = mounts(services.grafana);
    expect(mounted).toContainEqual({
      host: 'deploy/grafana/dashboards',
      container: dashboards.providers[0].options.path,
    });
    expect(mounted).toContainEqual({
      host: 'deploy/docker/grafana/provisioning',
      container: '/etc/grafana/provisioning',
    });
    const datasources = parse(read('deploy/docker/grafana/provisioning/datasources/prometheus.yml'));
    expect(datasources.datasources[0]).toMatchObject({ type: 'prometheus', url: 'http://prometheus:9090' });
  });
});

describe('Dockerfile', () => {
  it('copies the package.json of every workspace before installing', () => {
    const workspaces: string[] = JSON.parse(read('package.json')).workspaces.flatMap((pattern: string) =>
      pattern.endsWith('/*') ? SERVICES.map((name) => `services/${name}`) : [pattern],
    );
    for (const workspace of workspaces)
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });

  it('knows every APP compose builds, runs as a numeric non-root user and in production mode', () => {
    for (const service of Object.values(services)) {
      const app = appOf(service);
      if (app && !SERVICES.includes(app as never))
        expect(dockerfile).toMatch(new RegExp(`^\\s+${app}\\)`, 'm'));
    }
    expect(dockerfile).toMatch(/identity\|catalog\|scheduling\|commerce\|billing\|notifications\)/);
    expect(dockerfile).toMatch(/^USER [1-9]\d*:\d+$/m);
    expect(dockerfile).toMatch(/^ENV NODE_ENV=production$/m);
    expect(dockerfile).toMatch(/^RUN npm ci --no-audit/m);
    expect(dockerfile).not.toMatch(/npx -y npm@/);
    expect(dockerfile).toMatch(/ci --omit=dev/);
    expect(dockerfile).not.toMatch(/^HEALTHCHECK/m);
  });
});
