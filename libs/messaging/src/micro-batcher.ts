interface Pending<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Groups calls made within a few milliseconds into one batch, settling each caller with its own outcome.
 * The inbox uses it to commit many deliveries in one transaction: one commit (one fsync) per batch
 * instead of one per event is what lets a consumer keep up with thousands of events a second.
 */
export class MicroBatcher<T> {
  private pending: Pending<T>[] = [];
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly run: (items: T[]) => Promise<Array<unknown | undefined>>,
    private readonly maxBatch: number,
    private readonly maxWaitMs: number,
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
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
      (errors) =>
        batch.forEach((entry, index) => {
          const error = errors[index];
          if (error === undefined) entry.resolve();
          else entry.reject(error);
        }),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  }
}
