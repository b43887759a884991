import { z } from 'zod';

/** Decimal amounts arrive as numbers or numeric strings; they are kept as strings so no float touches money. */
export const decimalSchema = z
  .union([z.number().finite(), z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number')])
  .transform((value) => String(value));

export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

/** A 24-character lowercase hex identifier (the spec's ids); uppercase is rejected, not normalised. */
export const objectId = z
  .string()
  .regex(OBJECT_ID_PATTERN, { error: 'Input should be a 24-character lowercase hexadecimal identifier' });

const BOOLEAN_STRINGS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

/** A query-string boolean: "true"/"false"/"1"/"0" (any case); real booleans pass through. */
/**
 * Where the provider's hosted payment page sends the payer back (success and failure alike): any absolute URL,
 * one rule for every payment that takes one (appointment, package purchase, subscription upgrade).
 */
export const returnUrl = z.url();

export const boolQuery = z.preprocess(
  (value) => (typeof value === 'string' ? (BOOLEAN_STRINGS[value.toLowerCase()] ?? value) : value),
  z.boolean(),
);

/** Turns a canonical integer string into a number; anything else stays as is for the int schema to reject. */
const toIntIfIntegral = (value: unknown): unknown =>
  typeof value === 'string' && /^[+-]?\d+$/.test(value) ? Number(value) : value;

/**
 * A query-string integer: "12" → 12, while "abc", "1.5" and "" are 422s (z.coerce would turn "" into 0).
 * Add bounds with a pipe: `intQuery.pipe(z.int().min(1)).default(1)`.
 */
export const intQuery = z.preprocess(toIntIfIntegral, z.int());

/** The `?page=&size=` query schema; extend it with a resource's filters (`pageQuerySchema().extend({...})`). */
export const pageQuerySchema = ({
  defaultSize = 20,
  maxSize = 100,
}: { defaultSize?: number; maxSize?: number } = {}) =>
  z.object({
    page: intQuery.pipe(z.int().min(1)).default(1),
    size: intQuery.pipe(z.int().min(1).max(maxSize)).default(defaultSize),
  });

export const errorBodySchema = z.object({ detail: z.string() });
export const validationErrorBodySchema = z.object({
  detail: z.array(
    z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() }),
  ),
});

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  });
}
