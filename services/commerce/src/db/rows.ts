import { sql, type SQL } from 'drizzle-orm';

/** A timestamptz column as ISO 8601 UTC with milliseconds, formatted by PostgreSQL (same text on every driver). */
export const isoOf = (column: SQL): SQL =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A text[] parameter. */
export const textArray = (values: readonly string[]): SQL => sql`${`{${values.join(',')}}`}::text[]`;

/** The unique index a PostgreSQL error violated, when it is one (code 23505). */
export function uniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === '23505') return candidate.constraint ?? '';
    current = candidate.cause;
  }
  return undefined;
}
