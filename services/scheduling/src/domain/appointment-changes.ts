import { schedulingApi } from '@salon/contracts';
import { objectId, type Db, type Logger, type OutletScope } from '@salon/service-kit';

/** The channel migration 0009's trigger notifies on every committed change of an appointment row. */
export const APPOINTMENT_CHANGES_CHANNEL = 'scheduling_appointment_changes';

const notification = schedulingApi.appointmentChange.extend({ tenant_id: objectId });
type AppointmentChange = schedulingApi.AppointmentChange;

/** One open stream: what it may see, and how a change (or the end) reaches it. */
export interface ChangeSubscriber {
  tenantId: string;
  /** The outlets it follows; undefined for every outlet of the tenant. */
  outletIds: OutletScope;
  send(change: AppointmentChange): void;
  end(): void;
}

/**
 * This replica's share of the live calendars: it LISTENs on the channel (from the first stream on, so a replica
 * nobody follows holds no extra connection) and hands each change to its own open streams of the same tenant
 * and outlet. Every replica LISTENs, and NOTIFY reaches every listener, so a change made by one replica reaches
 * the streams held by all of them (docs/decisions.md, "Live calendar").
 */
export class AppointmentChanges {
  private readonly subscribers = new Set<ChangeSubscriber>();
  private listening?: Promise<() => Promise<void>>;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  /** Resolves once this replica hears the channel: a stream opened after it misses no change. */
  async listen(): Promise<void> {
    this.listening ??= this.db.listen(APPOINTMENT_CHANGES_CHANNEL, (payload) => this.deliver(payload));
    try {
      await this.listening;
    } catch (error) {
      this.listening = undefined; // the next stream tries again
      throw error;
    }
  }

  subscribe(subscriber: ChangeSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Ends every open stream (shutdown: their clients reconnect to another replica). */
  endAll(): void {
    for (const subscriber of [...this.subscribers]) subscriber.end();
  }

  async close(): Promise<void> {
    this.endAll();
    const unlisten = await this.listening?.catch(() => undefined);
    this.listening = undefined;
    await unlisten?.();
  }

  private deliver(payload: string): void {
    let parsed;
    try {
      parsed = notification.safeParse(JSON.parse(payload));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      this.logger.warn({ payload }, 'an appointment change notification was not understood');
      return;
    }
    const { tenant_id: tenantId, ...change } = parsed.data;
    for (const subscriber of this.subscribers) {
      if (subscriber.tenantId !== tenantId) continue;
      if (subscriber.outletIds !== undefined && !subscriber.outletIds.includes(change.outlet_id)) continue;
      subscriber.send(change);
    }
  }
}
