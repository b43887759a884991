import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * `kustomize build` for the subset deploy/k8s uses (no kustomize or kubectl binary is installed by CI; where
 * kubectl is, deploy/test/manifests-kubectl.test.ts checks that both render the same): resources (files and
 * directories with their own kustomization.yaml), components (kind Component: their resources and patches
 * join after the resources), namespace, labels (metadata only), images and strategic-merge patches by file.
 * Any other kustomization field is an error, so the manifests cannot drift outside what this renders.
 */

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
};

interface ImageRule {
  name: string;
  newName?: string;
  newTag?: string;
}

interface Kustomization {
  kind?: string;
  namespace?: string;
  labels?: { pairs: Record<string, string> }[];
  resources?: string[];
  components?: string[];
  images?: ImageRule[];
  patches?: { path: string }[];
}

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'labels',
  'resources',
  'components',
  'images',
  'patches',
]);
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
]);

/** Every YAML document of a file, in order (empty documents skipped). */
export function readYamlDocuments(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).flatMap((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]?.message}`);
    const value: unknown = document.toJS();
    return value === null || value === undefined ? [] : [value];
  });
}

export interface RenderOptions {
  /** Components added to the top kustomization's own (directories), e.g. to render an overlay with monitoring. */
  addComponents?: readonly string[];
  /** Components of the top kustomization left out (directories as listed, resolved), e.g. to render without monitoring. */
  dropComponents?: readonly string[];
}

/** The objects `kustomize build dir` prints, in kustomize's order of steps (not necessarily of objects). */
export function renderKustomization(dir: string, options: RenderOptions = {}): K8sObject[] {
  const kustomization = readKustomization(dir);
  if (kustomization.kind === 'Component') throw new Error(`${dir}: a Component is not built on its own`);
  const objects = resourcesOf(dir, kustomization);
  const dropped = new Set((options.dropComponents ?? []).map((path) => resolve(path)));
  const components = [
    ...(kustomization.components ?? [])
      .map((path) => resolve(dir, path))
      .filter((path) => !dropped.has(path)),
    ...(options.addComponents ?? []).map((path) => resolve(path)),
  ];
  for (const component of components) applyComponent(objects, component);
  transform(objects, dir, kustomization);
  return objects;
}

function readKustomization(dir: string): Kustomization {
  const [kustomization] = readYamlDocuments(join(dir, 'kustomization.yaml')) as Kustomization[];
  if (!kustomization) throw new Error(`${dir}: empty kustomization.yaml`);
  const unsupported = Object.keys(kustomization).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length > 0)
    throw new Error(`${dir}/kustomization.yaml: not supported by the renderer: ${unsupported.join(', ')}`);
  return kustomization;
}

function resourcesOf(dir: string, kustomization: Kustomization): K8sObject[] {
  return (kustomization.resources ?? []).flatMap((resource) => {
    const path = join(dir, resource);
    return statSync(path).isDirectory()
      ? renderKustomization(path)
      : (readYamlDocuments(path) as K8sObject[]);
  });
}

/** A Component acts on what its parent has gathered so far: its resources join, then everything is transformed. */
function applyComponent(objects: K8sObject[], dir: string): void {
  const component = readKustomization(dir);
  if (component.kind !== 'Component')
    throw new Error(`${dir}: listed as a component but kind is not Component`);
  objects.push(...resourcesOf(dir, component));
  for (const path of component.components ?? []) applyComponent(objects, resolve(dir, path));
  transform(objects, dir, component);
}

/** Patches, namespace, labels and images of one kustomization, over every object it holds. */
function transform(objects: K8sObject[], dir: string, kustomization: Kustomization): void {
  for (const { path } of kustomization.patches ?? []) {
    for (const patch of readYamlDocuments(join(dir, path)) as K8sObject[]) applyPatch(objects, patch, path);
  }
  for (const object of objects) {
    if (kustomization.namespace && !CLUSTER_SCOPED.has(object.kind))
      object.metadata.namespace = kustomization.namespace;
    for (const { pairs } of kustomization.labels ?? [])
      object.metadata.labels = { ...object.metadata.labels, ...pairs };
    for (const container of containersOf(object))
      container.image = retag(container.image, kustomization.images);
  }
}

function applyPatch(objects: K8sObject[], patch: K8sObject, file: string): void {
  const index = objects.findIndex(
    (object) => object.kind === patch.kind && object.metadata.name === patch.metadata.name,
  );
  if (index < 0) throw new Error(`${file}: no ${patch.kind} ${patch.metadata.name} to patch`);
  objects[index] = strategicMerge(objects[index], patch) as K8sObject;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNamedList = (value: unknown): value is Record<string, unknown>[] =>
  Array.isArray(value) && value.every((item) => isObject(item) && typeof item.name === 'string');

/**
 * Maps merge key by key; lists of named items (containers, env, volumes, ports) merge item by item by name;
 * any other value, lists included, is replaced by the patch's.
 */
export function strategicMerge(target: unknown, patch: unknown): unknown {
  if (isObject(target) && isObject(patch)) {
    const merged: Record<string, unknown> = { ...target };
    for (const [key, value] of Object.entries(patch)) merged[key] = strategicMerge(target[key], value);
    return merged;
  }
  if (isNamedList(target) && isNamedList(patch)) {
    const merged = target.map((item) => {
      const override = patch.find((candidate) => candidate.name === item.name);
      return override ? strategicMerge(item, override) : item;
    });
    return [...merged, ...patch.filter((item) => !target.some((existing) => existing.name === item.name))];
  }
  return patch;
}

interface Container {
  name: string;
  image: string;
  [key: string]: unknown;
}

/** Containers of any pod-bearing object: Deployment, Job (spec.template), CronJob (spec.jobTemplate). */
export function containersOf(object: K8sObject): Container[] {
  const spec = object.spec as Record<string, unknown> | undefined;
  const jobTemplate = spec?.jobTemplate as { spec?: Record<string, unknown> } | undefined;
  const template = (jobTemplate?.spec?.template ?? spec?.template) as { spec?: Record<string, unknown> };
  const podSpec = template?.spec;
  if (!podSpec) return [];
  return [...((podSpec.initContainers as Container[]) ?? []), ...((podSpec.containers as Container[]) ?? [])];
}

function retag(image: string, rules: ImageRule[] = []): string {
  const match = /^(?<name>[^:@]+(?::\d+\/[^:@]+)?)(?::(?<tag>[^@]+))?$/.exec(image);
  const name = match?.groups?.name ?? image;
  const rule = rules.find((candidate) => candidate.name === name);
  if (!rule) return image;
  const tag = rule.newTag ?? match?.groups?.tag;
  return `${rule.newName ?? name}${tag ? `:${tag}` : ''}`;
}
