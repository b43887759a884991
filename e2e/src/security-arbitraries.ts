import fc, { type Arbitrary } from 'fast-check';

/** The subset of JSON Schema 2020-12 that `z.toJSONSchema` emits for request bodies and query parameters. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
}

/** Resolves `#/components/schemas/…` references against the OpenAPI document. */
export type RefResolver = (ref: string) => JsonSchema;

/** Values that break type, size and range assumptions of any field. */
export const hostileScalar: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    -1,
    -2147483649,
    1e308,
    -0.000001,
    '',
    ' ',
    '0',
    'null',
    '-1',
    '9'.repeat(400),
    '2026-02-30',
    '0000-01-01',
    '25:61',
    '24:00',
    '\u0000',
    '\ud83d\udc87\u200d\u2640\ufe0f',
    '\u202e\u0644\u0627',
    'x'.repeat(20_000),
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.double({ noNaN: true }),
  fc.integer(),
);

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * Dates as clients send them, right and wrong: any year 0 to 9999 (PostgreSQL has no year 0; the API takes
 * 1900–2999), days that do not exist (30 February, month 13, day 0 and 32), one-digit parts, and the edges
 * themselves. Weighted so that a handful of runs per route still meets the edges.
 */
export const dateString: Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0000-01-01',
    '0001-01-01',
    '1899-12-31',
    '1900-01-01',
    '2999-12-31',
    '3000-01-01',
    '9999-12-31',
    '2024-02-29',
    '2026-02-29',
    '2026-02-30',
    '2026-00-10',
    '2026-13-01',
    '2026-01-00',
    '2026-01-32',
    '10000-01-01',
    '+002026-01-05',
  ),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(([year, month, day]) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`),
  // One-digit parts: 2026-1-5, 2026-01-5, 26-01-05.
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 31 }),
    )
    .chain(([year, month, day]) =>
      fc.constantFrom(
        `${year}-${month}-${day}`,
        `${pad(year, 4)}-${pad(month)}-${day}`,
        `${year % 100}-${pad(month)}-${pad(day)}`,
      ),
    ),
);

/** Times of day right and wrong: 00:00 to 23:59, 24:00, 23:60, one-digit parts, seconds, off the 5-minute grid. */
export const timeString: Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '00:00',
    '23:55',
    '23:59',
    '24:00',
    '23:60',
    '24:00:00',
    '12:00:00',
    '12:00:30',
    '9:30',
    '09:5',
    '-1:00',
    '99:99',
  ),
  fc
    .tuple(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }))
    .map(([hours, minutes]) => `${pad(hours)}:${pad(minutes)}`),
  fc
    .tuple(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }))
    .map(([hours, minutes]) => `${hours}:${minutes}`),
);

/** Instants with any year 0 to 9999 and offsets up to ±14:00, with the date and time edges above. */
export const dateTimeString: Arbitrary<string> = fc
  .tuple(
    dateString,
    timeString,
    fc.constantFrom('Z', '+00:00', '+14:00', '-12:00', '+07:00', '-05:30', '+24:00', ''),
  )
  .map(([date, time, offset]) => `${date}T${time.length === 5 ? `${time}:00` : time}${offset}`);

const MAX_DEPTH = 6;

/**
 * A fast-check arbitrary of values the schema describes (as far as it tells), and, when `hostile` is set,
 * also of values it forbids: wrong types, out-of-range numbers, huge and odd unicode strings, objects
 * missing a required field or carrying an unknown one.
 */
export function arbitraryFor(
  schema: JsonSchema | undefined,
  resolve: RefResolver,
  { hostile = false, depth = 0 }: { hostile?: boolean; depth?: number } = {},
): Arbitrary<unknown> {
  const valid = validArbitrary(schema ?? {}, resolve, hostile, depth);
  return hostile ? fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: hostileScalar }) : valid;
}

function validArbitrary(
  schema: JsonSchema,
  resolve: RefResolver,
  hostile: boolean,
  depth: number,
): Arbitrary<unknown> {
  const next = (child: JsonSchema | undefined) => arbitraryFor(child, resolve, { hostile, depth: depth + 1 });
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (schema.$ref !== undefined) return validArbitrary(resolve(schema.$ref), resolve, hostile, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined && alternatives.length > 0) return fc.oneof(...alternatives.map(next));
  if (schema.allOf !== undefined && schema.allOf.length > 0) return next(schema.allOf[0]);

  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => next({ ...schema, type })));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum;
      const max = schema.maximum ?? schema.exclusiveMaximum;
      return types[0] === 'integer'
        ? fc.integer({ min: Math.ceil(min ?? -1_000_000), max: Math.floor(max ?? 1_000_000) })
        : fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
    }
    case 'string':
      return stringArbitrary(schema, hostile);
    case 'array':
      return fc.array(next(schema.items), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3),
      });
    case 'object':
      return objectArbitrary(schema, next, hostile);
    default:
      return depth === 0 ? fc.jsonValue({ maxDepth: 3 }) : fc.jsonValue({ maxDepth: 1 });
  }
}

function stringArbitrary(schema: JsonSchema, hostile: boolean): Arbitrary<unknown> {
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'date':
      return dateString;
    case 'date-time':
      return dateTimeString;
    case 'time':
      return timeString;
    case 'uuid':
      return fc.uuid();
  }
  const lengths = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 200) };
  if (schema.pattern !== undefined) {
    try {
      const pattern = new RegExp(schema.pattern);
      return hostile ? fc.oneof(fc.stringMatching(pattern), fc.string(lengths)) : fc.stringMatching(pattern);
    } catch {
      // A pattern fast-check cannot generate from: plain strings still probe the field.
    }
  }
  return fc.string({ unit: 'grapheme', ...lengths });
}

function objectArbitrary(
  schema: JsonSchema,
  next: (child: JsonSchema | undefined) => Arbitrary<unknown>,
  hostile: boolean,
): Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.keys(properties).map((key) => [key, next(properties[key])] as const);
  const valid = fc.record(Object.fromEntries(entries), {
    requiredKeys: [...required].filter((key) => key in properties),
  });
  if (!hostile) return valid;
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    // A required field missing.
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...(required.size > 0 ? [...required] : ['_'])))
        .map(([value, key]) => {
          const copy = { ...(value as Record<string, unknown>) };
          delete copy[key];
          return copy;
        }),
    },
    // Fields nobody asked for, including prototype pollution attempts.
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom('__proto__', 'constructor', 'tenant_id', 'is_super_admin', 'zz_extra'),
          fc.jsonValue({ maxDepth: 2 }),
        )
        .map(([value, key, extra]) => ({ ...(value as Record<string, unknown>), [key]: extra })),
    },
  );
}
