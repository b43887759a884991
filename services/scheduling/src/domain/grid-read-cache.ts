import { getOrCreateCounter, type Executor } from '@salon/service-kit';
import { staleKey, staleReads, type SnapshotRead } from '../db/grid.repository';

interface CachedRead {
  value: unknown;
  /** The snapshot (`pg_snapshot` text) the value was read in. */
  snapshot: string;
  storedAt: number;
}

const gridReads = () =>
  getOrCreateCounter({
    name: 'scheduling_grid_reads_total',
    help:
      "The availability grid's reads of one staff member: kept by this replica and current (hit), kept but " +
      'overtaken by a change (stale), read from the database (miss, the stale ones included)',
    labelNames: ['result'] as const,
  });

/**
 * The availability grid's reads (a staff member's entries, a staff member's occupancies, for one query), kept
 * by this replica so that a grid reads again only the staff members whose schedule changed. Never served out of
 * date: every use first asks the database, in one query for all of them, which reads a committed change has
 * overtaken since their snapshot (`staff_schedule_changes`, written by triggers whichever replica or
 * transaction made the change), and drops those. An optimisation only: losing it, or each replica holding its
 * own, changes no answer, and bookings count capacity under their locks whatever a grid showed.
 *
 * Bounded: the least recently used reads go beyond `maxReads`, and none is kept longer than `maxAgeMs` (well
 * inside the day the retention job keeps the change rows for).
 */
export class GridReadCache {
  private readonly reads = new Map<string, CachedRead>();

  constructor(
    private readonly maxReads = 5_000,
    private readonly maxAgeMs = 10 * 60_000,
  ) {}

  /**
   * For each of `keys`, the still-current kept reads of `staffIds` by staff id; out-of-date and expired ones
   * are dropped. One round trip, none when nothing is kept.
   */
  async current(
    executor: Executor,
    keys: readonly string[],
    staffIds: readonly string[],
  ): Promise<Map<string, unknown>[]> {
    const found: { key: string; staffId: string; read: CachedRead }[] = [];
    const oldest = Date.now() - this.maxAgeMs;
    for (const key of keys) {
      for (const staffId of staffIds) {
        const name = `${key} ${staffId}`;
        const read = this.reads.get(name);
        if (!read) continue;
        this.reads.delete(name);
        if (read.storedAt < oldest) continue;
        this.reads.set(name, read); // the most recently used go last
        found.push({ key, staffId, read });
      }
    }
    const stale = await staleReads(
      executor,
      found.map(({ staffId, read }) => ({ staffId, snapshot: read.snapshot })),
    );
    const current = keys.map(() => new Map<string, unknown>());
    for (const { key, staffId, read } of found) {
      if (stale.has(staleKey(staffId, read.snapshot))) {
        this.reads.delete(`${key} ${staffId}`);
        gridReads().labels('stale').inc();
      } else {
        current[keys.indexOf(key)]!.set(staffId, read.value);
        gridReads().labels('hit').inc();
      }
    }
    return current;
  }

  /** `kept` completed: the staff members it lacks are read by `read` (only them) and kept under `key`. */
  async complete<T>(
    key: string,
    kept: Map<string, unknown>,
    staffIds: readonly string[],
    read: (staffIds: readonly string[]) => Promise<SnapshotRead<T>>,
  ): Promise<Map<string, T>> {
    const all = kept as Map<string, T>;
    const missing = staffIds.filter((staffId) => !all.has(staffId));
    if (missing.length === 0) return all;
    gridReads().labels('miss').inc(missing.length);
    const fresh = await read(missing);
    const storedAt = Date.now();
    for (const [staffId, value] of fresh.byStaff) {
      all.set(staffId, value);
      this.reads.set(`${key} ${staffId}`, { value, snapshot: fresh.snapshot, storedAt });
    }
    for (const name of this.reads.keys()) {
      if (this.reads.size <= this.maxReads) break;
      this.reads.delete(name);
    }
    return all;
  }
}
