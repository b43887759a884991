import { sql, type SQL } from 'drizzle-orm';
import { conflict } from '../errors';
import type { Executor } from './database';

/**
 * A timestamptz column as ISO 8601 UTC with milliseconds ("2025-01-01T10:00:00.000Z"), formatted by
 * PostgreSQL so node-postgres and PGlite answer the same text.
 */
export const isoOf = (column: SQL): SQL =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A timestamp as ISO 8601 UTC, from a Date or the text node-postgres gives ("2025-01-01 10:00:00.123+00"). */
export function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = String(value)
    .replace(' ', 'T')
    .replace(/([+-]\d\d)$/, '$1:00');
  return new Date(text).toISOString();
}

/** A text[] parameter. */
export const textArray = (values: readonly string[]): SQL => sql`${`{${values.join(',')}}`}::text[]`;

/**
 * An array of ids for the char(24) id columns. Typed as bpchar[] so `column = ANY(…)` compares like with like:
 * against text[] every row's id is cast to text first, which also keeps the planner off the id indexes.
 */
export const idArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::bpchar[]`;

/** Escapes `%`, `_` and `\` so a search term is matched literally inside a LIKE pattern. */
export const likeContains = (term: string): string => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The SQLSTATE (and constraint) of a PostgreSQL error, looking through the causes drivers wrap it in. */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return {};
}

/** The unique index a PostgreSQL error violated, when it is one (SQLSTATE 23505). */
export function uniqueViolation(error: unknown): string | undefined {
  const { code, constraint } = pgError(error);
  return code === '23505' ? (constraint ?? '') : undefined;
}

/**
 * Turns a lost race on a unique index into the same 409 the up-front check gives: `fields` maps an index
 * name to the field it guards ("customers_email_key" → "Email" gives "Email already registered").
 */
export function rethrowUnique(error: unknown, fields: Record<string, string>): never {
  const constraint = uniqueViolation(error);
  if (constraint !== undefined) {
    const field = Object.entries(fields).find(([index]) => constraint === index)?.[1];
    throw conflict(field ? `${field} already registered` : 'Already exists');
  }
  throw error;
}

/**
 * The one advisory-lock key scheme: `(hashtext(scope), hashtext(key))`, held until the transaction ends.
 * `scope` names what is serialised, `<service>.<what>` ("scheduling.staff"); `key` is the instance (an id).
 * Two transactions locking the same scope and key run one after the other, across every replica.
 */
export async function lockFor(tx: Executor, scope: `${string}.${string}`, key: string): Promise<void> {
  // eslint-disable-next-line no-restricted-syntax -- the one place the key scheme is written
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${scope}), hashtext(${key}))`);
}
