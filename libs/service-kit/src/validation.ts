import type { z } from 'zod';
import { ValidationError, type ValidationIssue } from './errors';
import { fastApiErrorMap, toValidationIssues } from './zod-issues';

/** Where an input came from; the first element of every `loc`. */
export type InputLocation = 'body' | 'query' | 'path' | 'header';

/**
 * Parses request input with a schema, or throws a 422 ValidationError whose `loc` starts with the location,
 * e.g. `parseInput(createServiceSchema, req.body, 'body')`.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  location: InputLocation,
): z.output<S> {
  const unstorable = findUnstorableText(value, [location]);
  if (unstorable) throw new ValidationError([unstorable]);
  const result = schema.safeParse(value, { reportInput: true, error: fastApiErrorMap });
  if (result.success) return result.data;
  throw new ValidationError(toValidationIssues(result.error.issues, [location]));
}

/** Converts a zod error raised elsewhere into the 422 body shape. */
export const validationErrorFrom = (error: z.core.$ZodError, location: InputLocation = 'body') =>
  new ValidationError(toValidationIssues(error.issues, [location]));

// A NUL character or a lone UTF-16 surrogate: valid in a JSON string, but PostgreSQL cannot store either.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first string (or object key) in the input that PostgreSQL would refuse, as a 422 issue. */
function findUnstorableText(value: unknown, loc: (string | number)[]): ValidationIssue | undefined {
  if (typeof value === 'string') {
    return UNSTORABLE.test(value)
      ? { loc, msg: 'Text must not contain NUL characters or unpaired surrogates', type: 'value_error' }
      : undefined;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const issue = findUnstorableText(value[i], [...loc, i]);
      if (issue) return issue;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const issue = findUnstorableText(key, [...loc, key]) ?? findUnstorableText(item, [...loc, key]);
      if (issue) return issue;
    }
  }
  return undefined;
}
