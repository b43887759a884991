import type { Executor } from './database';

/** Work waiting for the commit of each open transaction, by its transaction handle. */
const pending = new WeakMap<Executor, Array<() => void>>();

/**
 * Runs `work` once `executor`'s transaction has committed; never if it rolls back. Outside a transaction
 * opened by `withTx` (the database handle itself), the statement before this call has already committed,
 * so `work` runs at once. `work` must not throw: the caller's transaction is over by then.
 */
export function afterCommit(executor: Executor, work: () => void): void {
  const list = pending.get(executor);
  if (list) list.push(work);
  else work();
}

/** Runs `fn` in a transaction of `orm`, then the work `afterCommit` registered on it. */
export async function transactionWithHooks<T>(orm: Executor, fn: (tx: Executor) => Promise<T>): Promise<T> {
  const work: Array<() => void> = [];
  const result = await orm.transaction((tx) => {
    const executor = tx as unknown as Executor;
    pending.set(executor, work);
    return fn(executor);
  });
  for (const job of work) job();
  return result;
}
