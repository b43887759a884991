import type { Channel, Message } from 'amqplib';

/**
 * Settles one consumer channel's deliveries with as few frames as possible. Each ack or nack is a frame and,
 * as amqplib writes frame by frame, a socket write of its own; handled deliveries are instead acked together
 * with one `ack(multiple)` up to the newest tag below which every delivery is handled.
 * A handled delivery behind one still running waits at most `maxHoldMs`, then is acked alone, so a slow
 * handler cannot keep the others' prefetch slots. A delivery is never acked before its handler finished:
 * a lost channel redelivers whatever was not acked yet, as it would per message.
 */
export class ChannelAcks {
  /** Deliveries not yet acked or nacked, by delivery tag; insertion (= tag) order. */
  private readonly unsettled = new Map<number, Message>();
  /** Tags handled and waiting for their ack. */
  private readonly handled = new Set<number>();
  private flushScheduled = false;
  private holdTimer?: NodeJS.Timeout;

  constructor(
    private readonly channel: Channel,
    private readonly maxHoldMs = 20,
  ) {}

  /** Records a delivery; call in arrival order, before its handler runs. */
  received(message: Message): void {
    this.unsettled.set(message.fields.deliveryTag, message);
  }

  /** Acks the delivery soon (this tick's acks share one frame). */
  ack(message: Message): void {
    const tag = message.fields.deliveryTag;
    if (!this.unsettled.has(tag)) return;
    this.handled.add(tag);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.ackHandledPrefix();
    });
  }

  /** Rejects the delivery now; acks of earlier handled ones go first so `multiple` never covers it. */
  nack(message: Message, requeue: boolean): void {
    const tag = message.fields.deliveryTag;
    if (!this.unsettled.has(tag)) return;
    this.ackHandledPrefix();
    this.unsettled.delete(tag);
    this.handled.delete(tag);
    safely(() => this.channel.nack(message, false, requeue));
  }

  /** Acks every handled delivery now (before the channel closes). */
  flush(): void {
    this.ackHandledPrefix();
    this.ackStragglers();
  }

  private ackHandledPrefix(): void {
    let newest: Message | undefined;
    for (const [tag, message] of this.unsettled) {
      if (!this.handled.has(tag)) break;
      newest = message;
      this.unsettled.delete(tag);
      this.handled.delete(tag);
    }
    if (newest) {
      const last = newest;
      safely(() => this.channel.ack(last, true));
    }
    if (this.handled.size === 0) {
      clearTimeout(this.holdTimer);
      this.holdTimer = undefined;
    } else {
      this.holdTimer ??= setTimeout(() => {
        this.holdTimer = undefined;
        this.flush();
      }, this.maxHoldMs);
    }
  }

  private ackStragglers(): void {
    for (const tag of this.handled) {
      const message = this.unsettled.get(tag);
      this.unsettled.delete(tag);
      if (message) safely(() => this.channel.ack(message, false));
    }
    this.handled.clear();
    clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
  }
}

/** Runs a channel operation that may find the channel gone: the broker then redelivers, nothing to do. */
export function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // The channel is gone: the broker redelivers unacked messages on the next one.
  }
}
