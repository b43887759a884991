import { sql, type SQL } from 'drizzle-orm';

/** A timestamptz column as ISO 8601 UTC with milliseconds, formatted by PostgreSQL (same on both drivers). */
export const isoOf = (column: SQL): SQL =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The SQLSTATE of a PostgreSQL error, looking through wrapped causes. */
export function pgCode(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return {};
}

/** A text[] parameter. */
export const textArray = (values: readonly string[]): SQL => sql`${`{${values.join(',')}}`}::text[]`;

/**
 * An array of ids for the char(24) id columns. Typed as bpchar[] so `column = ANY(…)` compares like with like:
 * against text[] every row's id is cast to text first, which also keeps the planner off the id indexes.
 */
export const idArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::bpchar[]`;
