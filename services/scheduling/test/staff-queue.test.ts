import { StaffQueue } from '../src/domain/staff-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('StaffQueue', () => {
  it('runs work for one staff member one at a time, in arrival order', async () => {
    const queue = new StaffQueue();
    const log: string[] = [];
    let inside = 0;
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        queue.run(['s1'], async () => {
          inside += 1;
          expect(inside).toBe(1);
          log.push(name);
          await tick();
          inside -= 1;
        }),
      ),
    );
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('never deadlocks multi-staff work taken in opposite orders, and releases after a failure', async () => {
    const queue = new StaffQueue();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        queue.run(i % 2 === 0 ? ['s1', 's2'] : ['s2', 's1'], async () => {
          await tick();
          if (i === 3) throw new Error('booking refused');
          return i;
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(19);
    await expect(queue.run(['s1', 's2'], async () => 'free again')).resolves.toBe('free again');
  });

  it('lets different staff members proceed at the same time', async () => {
    const queue = new StaffQueue();
    let inside = 0;
    let most = 0;
    await Promise.all(
      ['s1', 's2', 's3'].map((staffId) =>
        queue.run([staffId], async () => {
          inside += 1;
          most = Math.max(most, inside);
          await tick();
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(3);
  });
});
