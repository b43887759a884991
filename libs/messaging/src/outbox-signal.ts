import type { Db } from '@salon/service-kit';

/** This process's relays, by database handle and outbox schema. */
const relaysOf = new WeakMap<Db, Map<string, Set<() => void>>>();

/**
 * Wakes this process's relays of `schema` on `db`: the store calls it when a transaction that put events in
 * that outbox has committed. In-process on purpose: a NOTIFY at commit takes a database-wide lock held
 * through the commit's WAL flush, so every writer's commit waited for the one before it (docs/decisions.md,
 * "The event path at half the broker's speed"). Rows written by another process are found by the relay's poll.
 */
export function outboxCommitted(db: Db, schema: string): void {
  for (const wake of relaysOf.get(db)?.get(schema) ?? []) wake();
}

/** Calls `wake` after each commit that wrote to the outbox of `schema` on `db`; returns the unsubscribe. */
export function onOutboxCommitted(db: Db, schema: string, wake: () => void): () => void {
  let bySchema = relaysOf.get(db);
  if (!bySchema) relaysOf.set(db, (bySchema = new Map()));
  let wakers = bySchema.get(schema);
  if (!wakers) bySchema.set(schema, (wakers = new Set()));
  wakers.add(wake);
  return () => void wakers.delete(wake);
}
