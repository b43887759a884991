/**
 * Compares two OpenAPI documents of this platform for changes that break an existing client: a removed
 * operation, a renamed operationId, a removed success response, a removed or no longer guaranteed response
 * field, a new required request field or parameter, a field or parameter whose type changed. Schemas are
 * compared by what they accept after resolving `$ref`s, so moving a schema into `components` is not a change.
 * Each change is one line; a line copied verbatim into the API changelog acknowledges it.
 */

type Json = Record<string, unknown>;

interface Field {
  /** The JSON types the field may take ("string", "null", "any", …), sorted. */
  types: string;
  /** Present in every valid value: required in its object and in every enclosing one. */
  guaranteed: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const asObject = (value: unknown): Json =>
  value !== null && typeof value === 'object' ? (value as Json) : {};

function resolver(document: Json) {
  const schemas = asObject(asObject(document.components).schemas);
  return (schema: Json): Json => {
    let current = schema;
    // A chain of references ends at a schema; the guard stops a reference to itself.
    for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++)
      current = asObject(schemas[current.$ref.split('/').pop() as string]);
    return current;
  };
}

function typesOf(schema: Json, resolve: (schema: Json) => Json, seen: number): Set<string> {
  const resolved = resolve(schema);
  const variants = [resolved.anyOf, resolved.oneOf].flatMap((list) => (Array.isArray(list) ? list : []));
  if (variants.length > 0 && seen < 20)
    return new Set(variants.flatMap((variant) => [...typesOf(asObject(variant), resolve, seen + 1)]));
  if (typeof resolved.type === 'string') return new Set([resolved.type]);
  if (Array.isArray(resolved.type)) return new Set(resolved.type as string[]);
  const constants =
    resolved.const !== undefined ? [resolved.const] : (resolved.enum as unknown[] | undefined);
  if (constants) return new Set(constants.map((value) => (value === null ? 'null' : typeof value)));
  return new Set(['any']);
}

/** Every field of a schema by its path (`items[].pricing.base_price`), with its types and whether it is always there. */
function fieldsOf(schema: unknown, document: Json): Map<string, Field> {
  const resolve = resolver(document);
  const fields = new Map<string, Field>();
  const visit = (node: Json, path: string, guaranteed: boolean, depth: number) => {
    if (depth > 12) return; // a recursive schema: deep enough to see any real change
    const resolved = resolve(node);
    const variants = [resolved.anyOf, resolved.oneOf, resolved.allOf].flatMap((list) =>
      Array.isArray(list) ? (list as Json[]) : [],
    );
    // A field of one variant of a union is not guaranteed; the null of a nullable object is not a variant with fields.
    const several = variants.filter((variant) => resolve(variant).type !== 'null').length > 1;
    for (const variant of variants) visit(variant, path, guaranteed && !several, depth + 1);
    const required = new Set(Array.isArray(resolved.required) ? (resolved.required as string[]) : []);
    for (const [name, property] of Object.entries(asObject(resolved.properties))) {
      const child = path === '' ? name : `${path}.${name}`;
      const childGuaranteed = guaranteed && required.has(name);
      const types = [...typesOf(asObject(property), resolve, 0)].sort().join('|');
      const known = fields.get(child);
      fields.set(child, {
        types: known
          ? [...new Set([...known.types.split('|'), ...types.split('|')])].sort().join('|')
          : types,
        guaranteed: (known?.guaranteed ?? false) || childGuaranteed,
      });
      visit(asObject(property), child, childGuaranteed, depth + 1);
    }
    if (resolved.items !== undefined) visit(asObject(resolved.items), `${path}[]`, false, depth + 1);
  };
  visit(asObject(schema), '', true, 0);
  return fields;
}

interface Operation {
  operationId?: string;
  parameters?: Json[];
  requestBody?: Json;
  responses?: Record<string, Json>;
}

function operationsOf(document: Json): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(asObject(document.paths)))
    for (const method of METHODS) {
      const operation = asObject(item)[method];
      if (operation !== undefined) operations.set(`${method.toUpperCase()} ${path}`, operation as Operation);
    }
  return operations;
}

const jsonSchemaOf = (holder: unknown) =>
  asObject(asObject(asObject(holder).content)['application/json']).schema;

function parametersOf(
  operation: Operation,
  document: Json,
): Map<string, { required: boolean; types: string }> {
  const parameters = asObject(asObject(document.components).parameters);
  const result = new Map<string, { required: boolean; types: string }>();
  for (const entry of operation.parameters ?? []) {
    const parameter =
      typeof entry.$ref === 'string' ? asObject(parameters[entry.$ref.split('/').pop() as string]) : entry;
    const types = [...typesOf(asObject(parameter.schema), resolver(document), 0)].sort().join('|');
    result.set(`${String(parameter.in)} ${String(parameter.name)}`, {
      required: parameter.required === true,
      types,
    });
  }
  return result;
}

const successStatuses = (operation: Operation) =>
  Object.keys(operation.responses ?? {}).filter((status) => status.startsWith('2'));

function operationChanges(
  key: string,
  before: Operation,
  after: Operation,
  old: Json,
  current: Json,
): string[] {
  const changes: string[] = [];
  if (before.operationId !== after.operationId)
    changes.push(`changed operationId: ${key} ${String(before.operationId)} → ${String(after.operationId)}`);

  const oldParameters = parametersOf(before, old);
  for (const [name, parameter] of parametersOf(after, current)) {
    const previous = oldParameters.get(name);
    if (parameter.required && !previous?.required) changes.push(`new required parameter: ${key} ${name}`);
    if (previous && previous.types !== parameter.types)
      changes.push(`changed type: ${key} parameter ${name} ${previous.types} → ${parameter.types}`);
  }

  const oldRequest = fieldsOf(jsonSchemaOf(before.requestBody), old);
  for (const [path, field] of fieldsOf(jsonSchemaOf(after.requestBody), current)) {
    const previous = oldRequest.get(path);
    if (field.guaranteed && !previous?.guaranteed) changes.push(`new required request field: ${key} ${path}`);
    if (previous && previous.types !== field.types)
      changes.push(`changed type: ${key} request ${path} ${previous.types} → ${field.types}`);
  }
  if (asObject(after.requestBody).required === true && asObject(before.requestBody).required !== true)
    changes.push(`new required request body: ${key}`);

  for (const status of successStatuses(before)) {
    const response = after.responses?.[status];
    if (response === undefined) {
      changes.push(`removed response: ${key} ${status}`);
      continue;
    }
    const now = fieldsOf(jsonSchemaOf(response), current);
    for (const [path, field] of fieldsOf(jsonSchemaOf(before.responses?.[status]), old)) {
      const next = now.get(path);
      if (next === undefined) changes.push(`removed response field: ${key} ${status} ${path}`);
      else if (field.guaranteed && !next.guaranteed)
        changes.push(`response field no longer always present: ${key} ${status} ${path}`);
      else if (field.types !== next.types)
        changes.push(`changed type: ${key} ${status} ${path} ${field.types} → ${next.types}`);
    }
  }
  return changes;
}

/** The changes from `before` to `after` that break a client written against `before`, one line each. */
export function breakingChanges(before: Json, after: Json): string[] {
  const now = operationsOf(after);
  const changes: string[] = [];
  for (const [key, operation] of operationsOf(before)) {
    const next = now.get(key);
    if (next === undefined) changes.push(`removed operation: ${key}`);
    else changes.push(...operationChanges(key, operation, next, before, after));
  }
  return changes;
}

/**
 * What is wrong with the committed document against the generated one: each breaking change the changelog does
 * not name (verbatim), then, if they differ at all, that the committed copy is out of date. Empty when in step.
 */
export function committedDocumentProblems(generated: Json, committed: Json, changelog: string): string[] {
  const unacknowledged = breakingChanges(committed, generated).filter(
    (change) => !changelog.includes(change),
  );
  const problems = unacknowledged.map(
    (change) => `breaking change not in docs/api-changelog.md (copy this line there if intended): ${change}`,
  );
  if (JSON.stringify(generated) !== JSON.stringify(committed))
    problems.push('docs/openapi.json differs from the generated document: run npm run openapi');
  return problems;
}
