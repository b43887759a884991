import { z } from 'zod';

type JsonObject = Record<string, unknown>;

const DEFS = '#/$defs/';
const COMPONENTS = '#/components/schemas/';

/** Rewrites every `#/$defs/<name>` reference in a JSON value with `rename`. */
function rewriteRefs(value: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === '$ref' && typeof inner === 'string' && inner.startsWith(DEFS)
        ? [key, COMPONENTS + rename(inner.slice(DEFS.length))]
        : [key, rewriteRefs(inner, rename)],
    ),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The document's `components.schemas`, filled from the contracts' zod schemas. A schema the contracts name
 * (`.meta({ id: 'Service' })`) is one component wherever it appears, referenced with `$ref`; an operation's
 * unnamed body or answer becomes a component named after the operation (`CreateServiceRequest`). A named
 * schema whose request (input) side differs from its answer (output) side, e.g. fields with defaults, gets its
 * request side as `<name>Input`; answers are added first so that choice does not depend on route order.
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonObject> = {};

  /** Adds `schema` (and every named schema inside it) and answers the `$ref` to it. */
  add(schema: z.ZodType, io: 'input' | 'output', fallbackName: string): JsonObject {
    const {
      $schema: _schema,
      $defs,
      ...root
    } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
    }) as JsonObject & { $defs?: Record<string, JsonObject> };
    // A named schema keeps its name unless this (request) side differs from the answer side already added,
    // directly or through a named schema it refers to: repeated until no name changes.
    const names = new Map(Object.keys($defs ?? {}).map((name) => [name, name]));
    for (let changed = io === 'input'; changed;) {
      changed = false;
      for (const [name, definition] of Object.entries($defs ?? {})) {
        const known = this.schemas[name];
        const differs =
          known !== undefined &&
          !same(
            known,
            rewriteRefs(definition, (n) => names.get(n) ?? n),
          );
        if (differs && names.get(name) === name) {
          names.set(name, `${name}Input`);
          changed = true;
        }
      }
    }
    const rename = (name: string) => names.get(name) ?? name;
    for (const [name, definition] of Object.entries($defs ?? {}))
      this.put(rename(name), rewriteRefs(definition, rename));
    const rewritten = rewriteRefs(root, rename) as JsonObject;
    if (typeof rewritten.$ref === 'string' && Object.keys(rewritten).length === 1) return rewritten;
    this.put(fallbackName, rewritten);
    return { $ref: COMPONENTS + fallbackName };
  }

  private put(name: string, definition: unknown) {
    const known = this.schemas[name];
    if (known !== undefined && !same(known, definition))
      throw new Error(`Two different schemas are named ${name} in the OpenAPI components`);
    this.schemas[name] = definition as JsonObject;
  }
}
