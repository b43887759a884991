import { sql, type SQL } from 'drizzle-orm';

/**
 * A timestamptz column as ISO 8601 UTC with milliseconds ("2025-01-01T10:00:00.000Z"), formatted by
 * PostgreSQL so node-postgres and PGlite answer the same text.
 */
export const isoOf = (column: SQL): SQL =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
