type JsonObject = Record<string, unknown>;

/**
 * An example value derived from a JSON Schema of the document, so every request and answer shows one that the
 * schema accepts (gateway/test/openapi-examples.test.ts parses each with its contract). A schema's own
 * `examples` (a contract's `.meta({ examples: [...] })`), `default`, `const` or first `enum` value wins;
 * otherwise a plausible value of its type within its bounds. Objects show their required fields and those with
 * examples of their own (the first field when none is required); other optional ones are left out, so an
 * example never combines options a rule forbids.
 */
export function exampleOf(schema: unknown, components: Record<string, JsonObject>, depth = 0): unknown {
  const node = (schema ?? {}) as JsonObject;
  if (typeof node.$ref === 'string' && depth < 20)
    return exampleOf(components[node.$ref.split('/').pop() as string], components, depth + 1);
  if (Array.isArray(node.examples) && node.examples.length > 0) return node.examples[0];
  if (node.default !== undefined) return node.default;
  if (node.const !== undefined) return node.const;
  if (Array.isArray(node.enum)) return node.enum[0];
  const variants = (node.anyOf ?? node.oneOf ?? node.allOf) as JsonObject[] | undefined;
  if (Array.isArray(variants)) {
    const chosen = variants.find((variant) => variant.type !== 'null') ?? variants[0];
    return exampleOf(chosen, components, depth + 1);
  }
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  switch (type) {
    case 'object':
      return objectExample(node, components, depth);
    case 'array': {
      const item = exampleOf(node.items, components, depth + 1);
      return Array.from({ length: Math.max(1, Number(node.minItems ?? 1)) }, () => item);
    }
    case 'string':
      return stringExample(node);
    case 'integer':
    case 'number':
      return numberExample(node, type);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'example';
  }
}

function objectExample(node: JsonObject, components: Record<string, JsonObject>, depth: number) {
  const required = new Set((node.required as string[] | undefined) ?? []);
  const properties = (node.properties ?? {}) as Record<string, JsonObject>;
  const example: JsonObject = {};
  // With no required field, the first one: an empty object is often refused ("at least one field is required").
  const first = required.size === 0 ? Object.keys(properties)[0] : undefined;
  for (const [name, property] of Object.entries(properties))
    if (required.has(name) || name === first || Array.isArray(property.examples))
      example[name] = exampleOf(property, components, depth + 1);
  return example;
}

/** Values that satisfy the patterns the contracts use; the first that matches a schema's pattern is its example. */
const PATTERNED = [
  '65f0c2a1b3d4e5f601234567',
  'hair-cut',
  '10:30',
  '10:30:00',
  '2026-12-01',
  '150000',
  '150000.00',
  'IDR',
  '+6281234567890',
  'Example',
];

const FORMATTED: Record<string, string> = {
  'date-time': '2026-12-01T09:30:00Z',
  date: '2026-12-01',
  time: '10:30',
  email: 'ayu@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: '3f8a4c1e-2b7d-4e9a-9c1f-5d6e7f8a9b0c',
};

function stringExample(node: JsonObject): string {
  const pattern = typeof node.pattern === 'string' ? new RegExp(node.pattern, 'u') : undefined;
  const formatted = typeof node.format === 'string' ? FORMATTED[node.format] : undefined;
  const candidates = [...(formatted ? [formatted] : []), ...(pattern ? [] : ['Example']), ...PATTERNED];
  const fits = (value: string) =>
    (pattern === undefined || pattern.test(value)) &&
    value.length >= Number(node.minLength ?? 0) &&
    value.length <= Number(node.maxLength ?? Infinity);
  const padded = (value: string) => value.padEnd(Number(node.minLength ?? 0), 'x');
  return candidates.find(fits) ?? candidates.map(padded).find(fits) ?? padded(candidates[0] as string);
}

function numberExample(node: JsonObject, type: 'integer' | 'number'): number {
  const minimum = Math.max(
    Number(node.minimum ?? -Infinity),
    typeof node.exclusiveMinimum === 'number' ? node.exclusiveMinimum + 1 : -Infinity,
  );
  const maximum = Math.min(
    Number(node.maximum ?? Infinity),
    typeof node.exclusiveMaximum === 'number' ? node.exclusiveMaximum - 1 : Infinity,
  );
  const value = Math.min(Math.max(1, minimum), maximum);
  return type === 'integer' ? Math.ceil(value) : value;
}
