import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments, stringify } from 'yaml';
import { readYamlDocuments, renderKustomization, type K8sObject } from './manifests-render';
import { validateManifest } from './manifests-validate';

// `kubectl kustomize` (the kustomize inside kubectl) of every overlay, with and without the monitoring
// component: each object is valid against its schema, and the objects are those deploy/test/manifests-render.ts
// renders, which the other manifest tests check.

const run = promisify(execFile);
const KUBECTL = process.env.KUBECTL ?? 'kubectl';
const K8S = join(__dirname, '..', 'k8s');
const MONITORING = join(K8S, 'components', 'monitoring');
const OVERLAYS = readdirSync(join(K8S, 'overlays'));

interface Kustomization {
  resources?: string[];
  components?: string[];
  patches?: { path: string }[];
  [key: string]: unknown;
}

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'kustomize-variants-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * The overlay as it is, or a copy of its kustomization.yaml in a scratch folder with the monitoring component
 * added or dropped (paths rebased; kustomize then reads patch files outside the folder, hence the flag).
 */
async function kubectlKustomize(overlay: string, monitoring: 'as-is' | 'add' | 'drop'): Promise<K8sObject[]> {
  const dir = join(K8S, 'overlays', overlay);
  let target = dir;
  const args = ['kustomize'];
  if (monitoring !== 'as-is') {
    const [kustomization] = readYamlDocuments(join(dir, 'kustomization.yaml')) as Kustomization[];
    target = join(scratch, `${overlay}-${monitoring}`);
    const rebase = (path: string) => relative(target, resolve(dir, path));
    const components = (kustomization!.components ?? [])
      .filter((path) => resolve(dir, path) !== MONITORING)
      .map(rebase);
    if (monitoring === 'add') components.push(relative(target, MONITORING));
    mkdirSync(target, { recursive: true });
    writeFileSync(
      join(target, 'kustomization.yaml'),
      stringify({
        ...kustomization,
        resources: (kustomization!.resources ?? []).map(rebase),
        components,
        patches: (kustomization!.patches ?? []).map(({ path }) => ({ path: rebase(path) })),
      }),
    );
    args.push('--load-restrictor', 'LoadRestrictionsNone');
  }
  const { stdout } = await run(KUBECTL, [...args, target], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw new Error(
          `${KUBECTL} not found: this test needs kubectl 1.21 or later (set KUBECTL to its path)`,
        );
      throw error;
    },
  );
  return parseAllDocuments(stdout).map((document) => document.toJS() as K8sObject);
}

/**
 * Objects by kind and name. Blank lines inside strings are dropped: kustomize's YAML writer puts one before a
 * more-indented line of a block scalar (the alert rules' PromQL), which changes nothing the string means.
 */
const byKindAndName = (objects: K8sObject[]) =>
  Object.fromEntries(
    objects.map((object) => [
      `${object.kind}/${object.metadata.name}`,
      JSON.parse(
        JSON.stringify(object, (_key, value: unknown) =>
          typeof value === 'string' ? value.replace(/\n\s*\n/g, '\n') : value,
        ),
      ) as unknown,
    ]),
  );

describe.each(OVERLAYS)('kubectl kustomize deploy/k8s/overlays/%s', (overlay) => {
  const dir = join(K8S, 'overlays', overlay);

  it.each([
    ['as it is', 'as-is', {}],
    ['with the monitoring component', 'add', { addComponents: [MONITORING] }],
    ['without the monitoring component', 'drop', { dropComponents: [MONITORING] }],
  ] as const)(
    '%s: every object is valid, and the same as the renderer gives',
    async (_name, monitoring, options) => {
      const rendered = await kubectlKustomize(overlay, monitoring);
      expect(rendered.length).toBeGreaterThan(0);
      for (const object of rendered) validateManifest(object);
      expect(byKindAndName(rendered)).toEqual(byKindAndName(renderKustomization(dir, options)));
      const operator = rendered.filter((object) => object.apiVersion.startsWith('monitoring.coreos.com/'));
      if (monitoring === 'drop') expect(operator).toEqual([]);
      if (monitoring === 'add') expect(operator.length).toBeGreaterThan(0);
    },
  );
});
