interface Pending<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/** One caller's outcome in a batch: its value, or the error it failed with. */
export type Outcome<R> = { value: R } | { error: unknown };

/**
 * Groups calls made within a few milliseconds into one batch, settling each caller with its own outcome.
 * The inbox uses it to commit many deliveries in one transaction: one commit (one fsync) per batch
 * instead of one per event is what lets a consumer keep up with thousands of events a second.
 */
export class MicroBatcher<T, R = void> {
  private pending: Pending<T, R>[] = [];
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly run: (items: T[]) => Promise<Array<Outcome<R>>>,
    private readonly maxBatch: number,
    private readonly maxWaitMs: number,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.maxWaitMs);
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending.splice(0, this.maxBatch);
    if (this.pending.length > 0) this.timer = setTimeout(() => this.flush(), this.maxWaitMs);
    if (batch.length === 0) return;
    this.run(batch.map((entry) => entry.item)).then(
      (outcomes) =>
        batch.forEach((entry, index) => {
          const outcome = outcomes[index]!;
          if ('value' in outcome) entry.resolve(outcome.value);
          else entry.reject(outcome.error);
        }),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  }
}
