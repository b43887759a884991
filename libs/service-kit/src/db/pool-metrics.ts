import type { Pool } from 'pg';
import { getOrCreateGauge } from '../metrics';

type Watched = { pool: Pool; max: number };

/** The open pools of this process by name; a closed pool leaves, so its series go with it. */
const pools = new Map<string, Watched>();

const GAUGES: Record<string, [help: string, read: (watched: Watched) => number]> = {
  db_pool_max: ['Connections the pool may open (its size)', ({ max }) => max],
  db_pool_total: ['Connections open, idle or in use', ({ pool }) => pool.totalCount],
  db_pool_idle: ['Connections open and idle', ({ pool }) => pool.idleCount],
  db_pool_waiting: [
    'Queries waiting for a connection because every one is in use',
    ({ pool }) => pool.waitingCount,
  ],
};

/**
 * Registers the pool gauges (read from node-postgres's counters at each scrape) and adds `pool` to them under
 * `name`, so a saturated pool shows from the first scrape: all connections in use, queries waiting behind them.
 */
export function watchPool(name: string, pool: Pool, max: number): () => void {
  pools.set(name, { pool, max });
  for (const [metric, [help, read]] of Object.entries(GAUGES)) {
    getOrCreateGauge({
      name: metric,
      help,
      labelNames: ['pool'] as const,
      collect() {
        this.reset();
        for (const [label, watched] of pools) this.set({ pool: label }, read(watched));
      },
    });
  }
  return () => {
    if (pools.get(name)?.pool === pool) pools.delete(name);
  };
}
