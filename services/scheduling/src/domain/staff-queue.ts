/**
 * Bookings for the same staff member queue here, in this process, before they take a database connection.
 * The per-staff advisory lock in the transaction is what makes booking correct across processes; without
 * this queue, every caller waiting for that lock holds one of the pool's few connections while it waits,
 * and under a burst on a few staff members the pool runs dry for everyone else. Keys are taken in sorted
 * order (as the advisory locks are), so two multi-staff bookings can never wait on each other.
 */
export class StaffQueue {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(staffIds: readonly string[], work: () => Promise<T>): Promise<T> {
    const releases: Array<() => void> = [];
    try {
      for (const staffId of [...new Set(staffIds)].sort()) releases.push(await this.enter(staffId));
      return await work();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  private async enter(staffId: string): Promise<() => void> {
    const previous = this.tails.get(staffId) ?? Promise.resolve();
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => turn);
    this.tails.set(staffId, tail);
    await previous;
    return () => {
      release();
      if (this.tails.get(staffId) === tail) this.tails.delete(staffId);
    };
  }
}
