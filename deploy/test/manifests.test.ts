import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PUBLIC_PATH_PREFIXES, ROUTES, SERVICES, SERVICE_TO_SERVICE_ROUTES } from '@salon/gateway';
import { HTTP_ROUTE_FILE, INGRESS_FILE, httpRoute, ingress } from './exposure-routes';
import { assertStartsWith, stubSecret } from './manifests-config';
import { containersOf, readYamlDocuments, renderKustomization, type K8sObject } from './manifests-render';
import { validateManifest } from './manifests-validate';

// Kubernetes manifests: rendered as `kubectl apply -k` would, validated against the API schemas, and held
// to the platform's operating rules (docs/operations.md).

const run = promisify(execFile);
const K8S = join(__dirname, '..', 'k8s');
const MONITORING = join(K8S, 'components', 'monitoring');
const base = renderKustomization(join(K8S, 'base'));
const overlay = renderKustomization(join(K8S, 'overlays', 'example'));
const ingressOverlay = renderKustomization(join(K8S, 'overlays', 'example-ingress'));
/** Every overlay, with and without the Prometheus operator's objects (the monitoring component). */
const OVERLAY_NAMES = readdirSync(join(K8S, 'overlays'));
const variants = OVERLAY_NAMES.flatMap((name) => {
  const dir = join(K8S, 'overlays', name);
  return [
    { name: `${name} with monitoring`, objects: renderKustomization(dir, { addComponents: [MONITORING] }) },
    {
      name: `${name} without monitoring`,
      objects: renderKustomization(dir, { dropComponents: [MONITORING] }),
    },
  ];
});
const secretTemplate = readYamlDocuments(join(K8S, 'secrets.template.yaml')) as K8sObject[];

const ofKind = (objects: K8sObject[], kind: string): any[] =>
  objects.filter((object) => object.kind === kind);
const named = (objects: K8sObject[], kind: string, name: string): any => {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const podSpecOf = (object: any): any => (object.spec.jobTemplate?.spec ?? object.spec).template.spec;
const podBearing = (objects: K8sObject[]) =>
  objects.filter((object) => ['Deployment', 'Job', 'CronJob'].includes(object.kind));

const WORKLOADS = ['gateway', ...SERVICES];

describe('rendering and schemas', () => {
  it.each<[string, K8sObject[]]>([
    ['base', base],
    ...variants.map(({ name, objects }): [string, K8sObject[]] => [`${name} overlay`, objects]),
    ['secret template', secretTemplate],
  ])('every object of the %s is valid against its Kubernetes schema', (_name, objects) => {
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) validateManifest(object);
  });

  it('are overlays for both ways in, and only the monitoring component needs the Prometheus operator', () => {
    expect(OVERLAY_NAMES.sort()).toEqual(['example', 'example-ingress']);
    const operatorKinds = (objects: K8sObject[]) =>
      objects.filter((object) => object.apiVersion.startsWith('monitoring.coreos.com/')).map((o) => o.kind);
    for (const { name, objects } of variants) {
      if (name.endsWith('without monitoring')) expect(operatorKinds(objects)).toEqual([]);
      else expect(new Set(operatorKinds(objects))).toEqual(new Set(['PodMonitor', 'PrometheusRule']));
    }
    // The base is plain Kubernetes: it applies on a cluster without the operator or the Gateway API.
    for (const object of base) expect(object.apiVersion).toMatch(/^(v1|[a-z]+\/v\d|[a-z.]*k8s\.io\/v\d)$/);
    expect(base.filter((object) => object.apiVersion.includes('gateway.networking'))).toEqual([]);
  });

  it('rejects an invalid manifest, an unknown kind and a kustomization field the renderer does not know', () => {
    const deployment = structuredClone(named(overlay, 'Deployment', 'gateway'));
    deployment.spec.replicas = 'two';
    expect(() => validateManifest(deployment)).toThrow(/Deployment gateway: .*replicas must be integer/);
    const cronJob = structuredClone(named(overlay, 'CronJob', 'notifications-promote'));
    delete cronJob.spec.schedule;
    expect(() => validateManifest(cronJob)).toThrow(/schedule/);
    expect(() => validateManifest({ ...deployment, apiVersion: 'apps/v1beta1' })).toThrow(/no schema/);

    const dir = mkdtempSync(join(tmpdir(), 'kustomization-'));
    try {
      writeFileSync(join(dir, 'kustomization.yaml'), 'configMapGenerator: []\nresources: []\n');
      expect(() => renderKustomization(dir)).toThrow(/not supported by the renderer: configMapGenerator/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('the overlay pins every image, patches the host and merges resources into the base', () => {
    for (const object of podBearing(overlay))
      for (const { image } of containersOf(object)) expect(image).toMatch(/^[^:]+(:\d+\/[^:]+)?:[\w.-]+$/);
    expect(containersOf(named(overlay, 'Deployment', 'catalog'))[0]?.image).toBe(
      'registry.example.com/salon/catalog:0.1.0',
    );
    expect(named(overlay, 'HTTPRoute', 'gateway').spec.hostnames).toEqual(['api.salon.example.org']);
    expect(named(overlay, 'HTTPRoute', 'gateway').spec.parentRefs).toEqual([
      { name: named(overlay, 'Gateway', 'salon-public').metadata.name },
    ]);
    expect(named(ingressOverlay, 'Ingress', 'gateway').spec.tls[0].hosts).toEqual(['api.salon.example.org']);
    const resources = containersOf(named(overlay, 'Deployment', 'gateway'))[0]?.resources;
    expect(resources).toEqual({
      requests: { cpu: '500m', memory: '256Mi' },
      limits: named(base, 'Deployment', 'gateway').spec.template.spec.containers[0].resources.limits,
    });
    for (const object of [...overlay, ...ingressOverlay]) {
      if (object.kind !== 'Namespace') expect(object.metadata.namespace).toBe('salon');
      expect(object.metadata.labels?.['app.kubernetes.io/part-of']).toBe('salon-platform');
    }
  });
});

describe('workloads', () => {
  // The drain time: the process's shutdown timeout (createShutdown's default) after the preStop pause.
  const shutdownSource = readFileSync(join(__dirname, '../../libs/service-kit/src/shutdown.ts'), 'utf8');
  const shutdownSeconds = Number(/timeoutMs = ([\d_]+)/.exec(shutdownSource)?.[1]?.replace(/_/g, '')) / 1000;

  it('are the gateway and the six services, each with probes, limits and a drain-long grace period', () => {
    expect(
      ofKind(overlay, 'Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual([...WORKLOADS].sort());
    expect(shutdownSeconds).toBeGreaterThan(0);
    for (const deployment of ofKind(overlay, 'Deployment')) {
      const pod = podSpecOf(deployment);
      const [container] = pod.containers;
      expect(container.ports).toEqual([
        { name: 'http', containerPort: 8080 },
        { name: 'metrics', containerPort: 9464 },
      ]);
      expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
      const preStopSeconds = Number(container.lifecycle.preStop.exec.command[1]);
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(preStopSeconds + shutdownSeconds);
      expect(deployment.spec.replicas).toBeUndefined(); // the autoscaler's
      expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    }
  });

  it('every pod runs non-root on a read-only filesystem, with requests and limits', () => {
    for (const object of podBearing(overlay)) {
      const pod = podSpecOf(object);
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: expect.any(Number) });
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const container of containersOf(object)) {
        expect(container.securityContext).toEqual({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        for (const bound of ['requests', 'limits'])
          expect(Object.keys((container.resources as any)[bound]).sort()).toEqual(['cpu', 'memory']);
      }
    }
  });

  it('node processes get a writable /tmp', () => {
    for (const object of [...ofKind(overlay, 'Deployment'), ...ofKind(overlay, 'Job')]) {
      const pod = podSpecOf(object);
      expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(pod.volumes).toContainEqual({ name: 'tmp', emptyDir: expect.any(Object) });
    }
  });

  it('each has an autoscaler (at least 2 replicas) and a disruption budget', () => {
    for (const name of WORKLOADS) {
      const hpa = named(overlay, 'HorizontalPodAutoscaler', name);
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      const pdb = named(overlay, 'PodDisruptionBudget', name);
      expect(pdb.spec.selector.matchLabels).toEqual(
        named(overlay, 'Deployment', name).spec.selector.matchLabels,
      );
    }
  });

  it('each service has a migration Job running its own image in migrate-only mode, configured alike', () => {
    expect(ofKind(overlay, 'Job').length).toBe(SERVICES.length);
    for (const name of SERVICES) {
      const job = podSpecOf(named(overlay, 'Job', `${name}-migrate`));
      const service = podSpecOf(named(overlay, 'Deployment', name));
      expect(job.containers[0].image).toBe(service.containers[0].image);
      expect(job.containers[0].args).toEqual(['migrate']);
      // The service's settings, then the migration role's connection (the schema owner) overriding its URL.
      expect(job.containers[0].envFrom).toEqual([
        ...service.containers[0].envFrom,
        { secretRef: { name: `${name}-migration-secrets` } },
      ]);
      expect(named(overlay, 'Job', `${name}-migrate`).metadata.annotations).toMatchObject({
        'argocd.argoproj.io/hook': 'PreSync',
        'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
      });
      expect(job.restartPolicy).toBe('Never');
    }
  });

  it('gives every process the environment its configuration schema requires', () => {
    const configMaps = new Map(ofKind(overlay, 'ConfigMap').map((map) => [map.metadata.name, map.data]));
    const secretKeys = new Map(
      secretTemplate.map((secret: any) => [secret.metadata.name, Object.keys(secret.stringData)]),
    );
    for (const object of [...ofKind(overlay, 'Deployment'), ...ofKind(overlay, 'Job')]) {
      const [container] = podSpecOf(object).containers;
      const env: Record<string, string> = {};
      for (const source of container.envFrom) {
        if (source.configMapRef) Object.assign(env, configMaps.get(source.configMapRef.name));
        for (const key of source.secretRef ? (secretKeys.get(source.secretRef.name) ?? []) : [])
          env[key] = stubSecret(key);
      }
      for (const variable of container.env ?? []) env[variable.name] = stubSecret(variable.name);
      expect(() => assertStartsWith(container.name, env)).not.toThrow();
    }
  });
});

describe('CronJobs', () => {
  const cronJobs = ofKind(overlay, 'CronJob');
  const callOf = (cronJob: any) => {
    const [container] = podSpecOf(cronJob).containers;
    const url = new URL(container.args.at(-1));
    return { container, service: url.hostname, path: url.pathname, port: url.port };
  };

  it('run alone, on time or not at all, in UTC, with bounded history', () => {
    expect(cronJobs.length).toBeGreaterThan(0);
    for (const { spec } of cronJobs) {
      expect(spec).toMatchObject({ concurrencyPolicy: 'Forbid', timeZone: 'Etc/UTC' });
      expect(spec.startingDeadlineSeconds).toBeGreaterThan(0);
      expect(spec.successfulJobsHistoryLimit).toBeLessThanOrEqual(5);
      expect(spec.failedJobsHistoryLimit).toBeLessThanOrEqual(5);
      expect(spec.jobTemplate.spec.activeDeadlineSeconds).toBeGreaterThan(0);
    }
  });

  it('POST an internal route of its service directly, with the internal credential', () => {
    for (const cronJob of cronJobs) {
      const { container, service, path, port } = callOf(cronJob);
      // A job every service serves (retention) is a service-to-service route: the gateway routes a path to one.
      expect([
        ...ROUTES.filter((route) => route.area === 'internal'),
        ...SERVICE_TO_SERVICE_ROUTES,
      ]).toContainEqual(expect.objectContaining({ method: 'POST', path, service }));
      expect(port).toBe('8080');
      expect(container.args).toEqual(expect.arrayContaining(['POST', 'X-Internal-Token: $(INTERNAL_TOKEN)']));
      expect(container.env).toEqual([
        {
          name: 'INTERNAL_TOKEN',
          valueFrom: { secretKeyRef: { name: 'salon-shared', key: 'INTERNAL_TOKEN' } },
        },
      ]);
    }
  });

  it('cover every periodic job the services expose, on the required schedules', () => {
    const scheduleOf = new Map(cronJobs.map((cronJob) => [callOf(cronJob).path, cronJob.spec.schedule]));
    const periodic = ROUTES.filter(
      (route) =>
        route.area === 'internal' && (route.summary.startsWith('Job:') || route.path.endsWith('/promote')),
    );
    for (const route of periodic) expect(scheduleOf.get(route.path)).toBeDefined();
    const retention = new Set(
      cronJobs
        .map(callOf)
        .filter(({ path }) => path === '/internal/jobs/retention')
        .map(({ service }) => service),
    );
    expect([...retention].sort()).toEqual([...SERVICES].sort());
    expect(Object.fromEntries(scheduleOf)).toMatchObject({
      '/webhooks/notifications/promote': '*/5 * * * *',
      '/token-usage/quota-reset': '0 0 * * *',
      '/token-usage/quota-reset-monthly': '0 0 1 * *',
      '/internal/jobs/expire-packages': expect.stringMatching(/^\d+ \* \* \* \*$/),
      '/internal/jobs/expire-invoices': expect.stringMatching(/^\d+ \* \* \* \*$/),
      '/internal/jobs/apply-scheduled-changes': expect.stringMatching(/^\d+ \d+ \* \* \*$/),
      '/internal/jobs/republish-plans': expect.stringMatching(/^\d+ \d+ \* \* \*$/),
      '/internal/jobs/retention': expect.stringMatching(/^\d+ \d+ \* \* \*$/),
    });
  });

  it('fail the promotion Job when the run reports an error in a 200 answer', async () => {
    const promote = cronJobs.find((cronJob) => callOf(cronJob).path === '/webhooks/notifications/promote');
    const { container } = callOf(promote);
    let answer = '';
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(answer);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // The container's own command and args, with the service's address swapped for the stand-in's.
    const [shell, ...script] = container.command as string[];
    const args = [
      ...(container.args as string[]).slice(0, -1),
      `http://127.0.0.1:${port}/webhooks/notifications/promote`,
    ];
    const exitCodeFor = async (body: unknown) => {
      answer = JSON.stringify(body);
      try {
        await run(shell!, [...script, ...args]);
        return 0;
      } catch (error) {
        return (error as { code: number }).code;
      }
    };
    try {
      expect(await exitCodeFor({ status: 'success', stats: { promoted: 3 } })).toBe(0);
      expect(await exitCodeFor({ status: 'error', error: 'database unavailable' })).toBe(1);
    } finally {
      server.close();
    }
  });
});

describe('secrets', () => {
  it('are not part of the kustomization, and the template holds placeholders only', () => {
    expect(ofKind(overlay, 'Secret')).toEqual([]);
    for (const secret of secretTemplate) {
      expect(secret.kind).toBe('Secret');
      expect(secret).not.toHaveProperty('data');
      for (const [key, value] of Object.entries((secret as any).stringData as Record<string, string>)) {
        expect(`${key}: ${value}`).toMatch(/^\w+: REPLACE_ME\b/);
        expect(value).not.toMatch(/-----BEGIN|[A-Za-z0-9+/=_-]{32,}/);
      }
    }
  });

  it('name every Secret and key the workloads read, and every ConfigMap exists', () => {
    const secretKeys = new Set(
      secretTemplate.flatMap((secret: any) =>
        Object.keys(secret.stringData).map((key) => `${secret.metadata.name}/${key}`),
      ),
    );
    const secretNames = new Set(secretTemplate.map((secret) => secret.metadata.name));
    const configMaps = new Set(ofKind(overlay, 'ConfigMap').map((map) => map.metadata.name));
    for (const object of podBearing(overlay))
      for (const container of containersOf(object)) {
        for (const source of (container.envFrom as any[]) ?? []) {
          if (source.secretRef) expect(secretNames).toContain(source.secretRef.name);
          if (source.configMapRef) expect(configMaps).toContain(source.configMapRef.name);
        }
        for (const variable of (container.env as any[]) ?? []) {
          const ref = variable.valueFrom?.secretKeyRef;
          if (ref) expect(secretKeys).toContain(`${ref.name}/${ref.key}`);
        }
      }
  });
});

describe('exposure', () => {
  const waysIn = (objects: K8sObject[]) => objects.filter((o) => ['Ingress', 'HTTPRoute'].includes(o.kind));
  /** Every path prefix an Ingress or HTTPRoute rule sends anywhere. */
  const exposedPrefixes = (objects: K8sObject[]): string[] =>
    waysIn(objects).flatMap((route: any) =>
      route.kind === 'Ingress'
        ? route.spec.rules.flatMap((rule: any) =>
            rule.http.paths.map((p: any) => {
              expect(p.pathType).toBe('Prefix');
              return p.path;
            }),
          )
        : route.spec.rules.flatMap((rule: any) =>
            rule.matches.map((match: any) => {
              expect(match.path.type).toBe('PathPrefix');
              return match.path.value;
            }),
          ),
    );

  it('the Ingress and HTTPRoute are written from PUBLIC_PATH_PREFIXES', () => {
    // On failure: `npm run build`, then `npx tsx deploy/test/exposure-write-routes.ts`, and commit the result.
    expect(readYamlDocuments(HTTP_ROUTE_FILE)).toEqual([httpRoute()]);
    expect(readYamlDocuments(INGRESS_FILE)).toEqual([ingress()]);
    expect(PUBLIC_PATH_PREFIXES).toContain('/api/v1');
  });

  it.each(OVERLAY_NAMES)(
    'the way in of the %s overlay sends only to the gateway, whose Service has no metrics port',
    (name) => {
      const objects = renderKustomization(join(K8S, 'overlays', name));
      expect(waysIn(objects).map((route) => `${route.kind}/${route.metadata.name}`)).toHaveLength(1);
      for (const route of waysIn(objects) as any[]) {
        const backends =
          route.kind === 'Ingress'
            ? route.spec.rules.flatMap((rule: any) => rule.http.paths.map((p: any) => p.backend))
            : route.spec.rules.flatMap((rule: any) => rule.backendRefs);
        for (const backend of backends)
          expect(backend).toEqual(
            route.kind === 'Ingress'
              ? { service: { name: 'gateway', port: { name: 'http' } } }
              : { name: 'gateway', port: 8080 },
          );
      }
      for (const service of ofKind(objects, 'Service'))
        expect(service.spec.ports).toEqual([{ name: 'http', port: 8080, targetPort: 'http' }]);
    },
  );

  it.each(OVERLAY_NAMES)(
    'no Ingress or HTTPRoute rule of the %s overlay reaches /metrics, /healthz or /readyz',
    (name) => {
      const prefixes = exposedPrefixes(renderKustomization(join(K8S, 'overlays', name)));
      expect(prefixes.sort()).toEqual([...PUBLIC_PATH_PREFIXES].sort());
      const reaches = (url: string) =>
        prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix.replace(/\/$/, '')}/`));
      for (const operational of ['/metrics', '/healthz', '/readyz']) expect(reaches(operational)).toBe(false);
      expect(reaches('/api/v1/docs')).toBe(true);
      // A prefix that would reach everything would reach them too.
      expect(prefixes).not.toContain('/');
    },
  );

  it('network policies deny by default, admit outsiders to the gateway only and callers to services', () => {
    const policies = ofKind(overlay, 'NetworkPolicy');
    expect(named(overlay, 'NetworkPolicy', 'default-deny-ingress').spec).toEqual({
      podSelector: {},
      policyTypes: ['Ingress'],
    });
    for (const policy of policies) {
      const fromOtherNamespaces = (policy.spec.ingress ?? []).some((rule: any) =>
        rule.from.some((peer: any) => peer.namespaceSelector),
      );
      if (!fromOtherNamespaces) continue;
      // Outsiders: the ingress controller to the gateway, Prometheus to the metrics port of the platform.
      const namespaces = policy.spec.ingress.flatMap((rule: any) =>
        rule.from.map((peer: any) => peer.namespaceSelector.matchLabels['kubernetes.io/metadata.name']),
      );
      if (policy.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'gateway')
        expect(namespaces).toEqual(['envoy-gateway-system']); // the example's Gateway controller
      else expect(namespaces).toEqual(['monitoring']);
    }
    expect(
      named(ingressOverlay, 'NetworkPolicy', 'gateway-from-ingress-controller').spec.ingress[0].from,
    ).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }]);
    const services = named(overlay, 'NetworkPolicy', 'services-from-platform').spec;
    expect(services.podSelector.matchLabels).toEqual({ 'app.kubernetes.io/component': 'service' });
    expect(services.ingress[0].from).toEqual([
      {
        podSelector: {
          matchExpressions: [
            {
              key: 'app.kubernetes.io/component',
              operator: 'In',
              values: ['gateway', 'service', 'internal-job'],
            },
          ],
        },
      },
    ]);
    for (const cronJob of ofKind(overlay, 'CronJob'))
      expect(cronJob.spec.jobTemplate.spec.template.metadata.labels['app.kubernetes.io/component']).toBe(
        'internal-job',
      );
  });

  it('the metrics port is open to the monitoring namespace only, and to nothing else', () => {
    for (const objects of [overlay, ingressOverlay]) {
      for (const policy of ofKind(objects, 'NetworkPolicy')) {
        const rules = policy.spec.ingress ?? [];
        const ports = rules.flatMap((rule: any) => rule.ports.map((port: any) => port.port));
        if (policy.metadata.name === 'metrics-from-monitoring') {
          expect(ports).toEqual(['metrics']);
          expect(rules.flatMap((rule: any) => rule.from)).toEqual([
            { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
          ]);
        } else {
          expect(ports).not.toContain('metrics');
          for (const rule of rules) expect(rule.ports.length).toBeGreaterThan(0); // no rule opens every port
        }
      }
    }
  });

  it('the monitoring resources select pods and ports that exist', () => {
    const pods = ofKind(overlay, 'Deployment').map((deployment) => deployment.spec.template);
    for (const monitor of ofKind(overlay, 'PodMonitor')) {
      const selected = pods.filter((pod: any) =>
        Object.entries(monitor.spec.selector.matchLabels).every(([k, v]) => pod.metadata.labels[k] === v),
      );
      expect(selected).toHaveLength(1);
      for (const endpoint of monitor.spec.podMetricsEndpoints)
        expect(selected[0].spec.containers[0].ports.map((p: any) => p.name)).toContain(endpoint.port);
    }
  });
});
