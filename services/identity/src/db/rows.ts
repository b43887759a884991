import { conflict } from '@salon/service-kit';

/** node-postgres through Drizzle hands timestamps back as text ("2025-01-01 10:00:00.123+00"). */
export function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = String(value)
    .replace(' ', 'T')
    .replace(/([+-]\d\d)$/, '$1:00');
  return new Date(text).toISOString();
}

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

/** Turns a lost race on a unique index into the same 409 the up-front check gives. */
export function rethrowUnique(error: unknown, fields: Record<string, string>): never {
  const constraint = uniqueViolation(error);
  if (constraint !== undefined) {
    const field = Object.entries(fields).find(([index]) => constraint === index)?.[1];
    throw conflict(field ? `${field} already registered` : 'Already exists');
  }
  throw error;
}
