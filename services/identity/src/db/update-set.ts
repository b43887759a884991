import { sql, type SQL } from 'drizzle-orm';

/**
 * The SET list of a partial update, shared by the repositories: every defined change as `column = value`
 * (a jsonb column's value written as JSON, a date column's cast), then the version bump and the update stamp
 * that every write of a versioned row carries.
 */
export function updateSet(
  changes: Record<string, unknown>,
  casts: Record<string, 'jsonb' | 'date'> = {},
): SQL {
  const sets = Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => {
      const cast = casts[column];
      if (cast === 'jsonb') return sql`${sql.identifier(column)} = ${JSON.stringify(value)}::jsonb`;
      if (cast === 'date') return sql`${sql.identifier(column)} = ${value}::date`;
      return sql`${sql.identifier(column)} = ${value}`;
    });
  return sql.join([...sets, sql`version = version + 1, updated_at = now()`], sql`, `);
}
