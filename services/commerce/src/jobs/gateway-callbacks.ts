import { messageOf } from '@salon/messaging';
import { getOrCreateCounter, type Db, type Executor, type Logger } from '@salon/service-kit';
import {
  claimDueCallbacks,
  finishCallback,
  lockUnfinishedCallback,
  recordCallbackFailure,
  type CallbackOutcome,
  type StoredCallback,
} from '../db/gateway-callback.repository';

export interface GatewayCallbackProcessorOptions {
  db: Db;
  logger: Logger;
  /** Applies one callback inside the processor's transaction and names its outcome. */
  apply: (tx: Executor, callback: StoredCallback) => Promise<CallbackOutcome>;
  /** How often due rows are looked for without a kick (a crash's leftovers, retries coming due). */
  sweepMs: number;
  /** The first retry delay; each further attempt doubles it, up to MAX_RETRY_DELAY_MS. */
  retryBaseMs: number;
  /** Attempts before a callback stays failed. */
  maxAttempts: number;
  /** Rows one claim takes; they are applied one after the other, each in its own transaction. */
  batchSize?: number;
  /**
   * Claims applied at once (default 2). One after the other, a burst of callbacks waited for each other's
   * commits; four at a time took connections and CPU from the acknowledgements of the callbacks still arriving
   * (docs/benchmarks.md, "payment → confirmed by stage").
   */
  concurrency?: number;
  /** How long a claim keeps other processors off a row; only a crash mid-apply lets it run out. */
  leaseMs?: number;
}

const MAX_RETRY_DELAY_MS = 10 * 60_000;

const callbacksFinished = () =>
  getOrCreateCounter({
    name: 'gateway_callbacks_total',
    help: 'Provider callbacks applied, by outcome (processed, duplicate, ignored; failed: gave up after the last attempt)',
    labelNames: ['outcome'],
  });

/** The delay before attempt `attempts + 1`: retryBaseMs, doubled per attempt made, capped. */
export const retryDelayMs = (retryBaseMs: number, attempts: number): number =>
  Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);

/**
 * Applies stored provider callbacks after they were acknowledged. A kick (right after a callback is stored)
 * or the periodic sweep claims due rows, a few drains at once; each row is applied in a transaction of its own
 * that locks it and re-checks that it is unfinished, so however many processors (replicas) run, a row's
 * effects happen once. A failure is recorded on the row and retried later with a growing delay.
 */
export class GatewayCallbackProcessor {
  private timer?: NodeJS.Timeout;
  private readonly draining = new Set<Promise<void>>();
  private kickedWhileDraining = false;
  private stopped = false;

  constructor(private readonly options: GatewayCallbackProcessorOptions) {
    // Every outcome's series exists from the start at 0, so `increase()` in the alert sees the first failure.
    for (const outcome of ['processed', 'duplicate', 'ignored', 'failed'])
      callbacksFinished().inc({ outcome }, 0);
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.sweepMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops sweeping and waits for the batches in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.all(this.draining);
  }

  /**
   * Applies whatever is due, in the background: each kick starts one more drain up to `concurrency`; past it,
   * kicks fold into one more round of the drains running.
   */
  kick(): void {
    if (this.stopped) return;
    if (this.draining.size >= (this.options.concurrency ?? 2)) {
      this.kickedWhileDraining = true;
      return;
    }
    const drain = this.drain().finally(() => this.draining.delete(drain));
    this.draining.add(drain);
  }

  private async drain(): Promise<void> {
    const { db, logger, batchSize = 1, leaseMs = 60_000 } = this.options;
    do {
      // Another drain may clear the flag: it then claims after the kick, so the kick's row is seen either way.
      this.kickedWhileDraining = false;
      for (;;) {
        let claimed: StoredCallback[];
        try {
          claimed = await claimDueCallbacks(db.orm, batchSize, leaseMs);
        } catch (error) {
          // Nothing was claimed; the next kick or sweep tries again.
          logger.warn({ err: messageOf(error) }, 'claiming provider callbacks failed');
          return;
        }
        if (claimed.length === 0) break;
        for (const callback of claimed) await this.applyOne(callback);
        if (this.stopped) return;
      }
    } while (this.kickedWhileDraining && !this.stopped);
  }

  private async applyOne(callback: StoredCallback): Promise<void> {
    try {
      const outcome = await this.options.db.withTx(async (tx) => {
        if (!(await lockUnfinishedCallback(tx, callback.id))) return undefined;
        const applied = await this.options.apply(tx, callback);
        await finishCallback(tx, callback.id, applied);
        return applied;
      });
      if (outcome) callbacksFinished().inc({ outcome });
    } catch (error) {
      await this.recordFailure(callback, error);
    }
  }

  private async recordFailure(callback: StoredCallback, error: unknown): Promise<void> {
    const { db, logger, retryBaseMs, maxAttempts } = this.options;
    const reason = failureOf(error);
    const giveUp = callback.attempts >= maxAttempts;
    const retryInMs = retryDelayMs(retryBaseMs, callback.attempts);
    const context = {
      callback: callback.id,
      gateway_invoice_id: callback.gateway_invoice_id,
      status: callback.status,
      attempts: callback.attempts,
      err: reason,
    };
    try {
      await recordCallbackFailure(db.orm, callback.id, { error: reason, retryInMs, giveUp });
    } catch (recordError) {
      // The claim's lease runs out and the sweep retries the row.
      logger.warn({ ...context, record_err: messageOf(recordError) }, 'recording a callback failure failed');
      return;
    }
    if (giveUp) {
      callbacksFinished().inc({ outcome: 'failed' });
      logger.error(context, 'provider callback failed for good; apply it by hand');
    } else {
      logger.warn({ ...context, retry_in_ms: retryInMs }, 'provider callback failed; will retry');
    }
  }
}

/** A failure as stored in last_error: the error and, for a failed query, what the database said. */
function failureOf(error: unknown): string {
  const cause = error instanceof Error && error.cause !== undefined ? `: ${messageOf(error.cause)}` : '';
  return `${messageOf(error)}${cause}`.slice(0, 2000);
}
