import type { z } from 'zod';
import { ValidationError } from './errors';
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
  const result = schema.safeParse(value, { reportInput: true, error: fastApiErrorMap });
  if (result.success) return result.data;
  throw new ValidationError(toValidationIssues(result.error.issues, [location]));
}

/** Converts a zod error raised elsewhere into the 422 body shape. */
export const validationErrorFrom = (error: z.core.$ZodError, location: InputLocation = 'body') =>
  new ValidationError(toValidationIssues(error.issues, [location]));
