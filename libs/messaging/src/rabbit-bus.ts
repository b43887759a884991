import { once } from 'node:events';
import * as amqp from 'amqplib';
import type { Channel, ChannelModel, ConfirmChannel, ConsumeMessage, Options } from 'amqplib';
import type { Logger } from 'pino';
import { eventSchemas, type EventEnvelope, type EventSchemas } from '@salon/contracts';
import type { DeadLetter, DelayTarget, EventBus, Subscription } from './bus';
import { ChannelAcks, safely } from './channel-acks';
import { assertKnownEvents, handleDelivery, messageOf, type Outcome } from './delivery';
import { eventsConsumed, eventsPublished } from './metrics';
import {
  declareBaseTopology,
  declareConsumerTopology,
  ladderStepFor,
  topologyNames,
  type QueueReplication,
  type TopologyNames,
} from './topology';

export interface RabbitBusOptions {
  /**
   * The broker's AMQP URL, or the nodes of a cluster as a comma-separated list: the bus connects to the
   * first it reaches and, when its connection is lost, tries the next one first.
   */
  url: string;
  /** Members of each quorum queue in a cluster (`x-quorum-initial-group-size`); see `QueueReplication`. */
  quorumGroupSize?: number;
  namespace: string;
  /** Shown in the broker's connection list; lets operators (and tests) find this process's connection. */
  connectionName: string;
  logger: Logger;
  schemas?: EventSchemas;
  /** How long `start()` keeps trying to reach the broker. */
  connectTimeoutMs?: number;
  /** How long `publish()` waits for a lost connection to come back. */
  publishWaitMs?: number;
  routerPrefetch?: number;
}

const HEADER_ATTEMPT = 'x-attempt';
const HEADER_DELIVER_AT = 'x-deliver-at';
const HEADER_TARGET_QUEUE = 'x-target-queue';
const HEADER_TARGET_KEY = 'x-target-routing-key';

interface ActiveSubscription {
  subscription: Subscription;
  channel?: Channel;
  acks?: ChannelAcks;
  consumerTag?: string;
}

/**
 * The RabbitMQ transport: one connection, a confirm channel for publishing, a channel per consumer.
 * amqplib does not reconnect by itself: on connection loss this bus reconnects with back-off, declares its
 * topology again and resumes every consumer; unacked deliveries come back and the inbox absorbs them.
 * Given a cluster's nodes, each attempt goes to the next node after the one that failed or was lost.
 */
export class RabbitBus implements EventBus {
  readonly transport = 'rabbitmq' as const;
  private readonly names: TopologyNames;
  private readonly schemas: EventSchemas;
  private readonly urls: string[];
  private readonly replication: QueueReplication;
  /** The node the next connection attempt goes to. */
  private urlIndex = 0;
  private readonly subscriptions = new Map<string, ActiveSubscription>();
  private connection?: ChannelModel;
  private publisher?: ConfirmChannel;
  private routerChannel?: Channel;
  private routerTag?: string;
  private connected = false;
  private closing = false;
  private reconnectTimer?: NodeJS.Timeout;
  private reconnectAttempt = 0;
  private waiters: Array<() => void> = [];
  private inFlight = 0;
  /** Connections opened so far: 1 after start, +1 per successful reconnect. */
  connectionsOpened = 0;
  /** The URL (of `url`'s list) the open connection goes to; undefined while disconnected. */
  connectedUrl?: string;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly options: RabbitBusOptions) {
    this.names = topologyNames(options.namespace);
    this.schemas = options.schemas ?? eventSchemas;
    this.urls = brokerUrls(options.url);
    this.replication = { quorumGroupSize: options.quorumGroupSize };
  }

  async start(): Promise<void> {
    const deadline = Date.now() + (this.options.connectTimeoutMs ?? 30_000);
    for (let delay = 100; ; delay = Math.min(delay * 2, 5_000)) {
      try {
        await this.connect();
        return;
      } catch (error) {
        if (Date.now() + delay > deadline) {
          const where = this.urls.map(redact).join(',');
          throw new Error(`Cannot reach RabbitMQ at ${where}: ${messageOf(error)}`, { cause: error });
        }
        this.options.logger.warn({ err: messageOf(error) }, 'broker not reachable yet, retrying');
        await sleep(delay);
      }
    }
  }

  isHealthy(): boolean {
    return this.connected;
  }

  /** The consumers subscribed on this bus. */
  get consumers(): string[] {
    return [...this.subscriptions.keys()];
  }

  async publish(envelopes: EventEnvelope[]): Promise<void> {
    const channel = await this.publishChannel();
    await Promise.all(
      envelopes.map(async (envelope) => {
        await this.confirmPublish(
          channel,
          this.names.events,
          envelope.type,
          Buffer.from(JSON.stringify(envelope)),
          {
            messageId: envelope.id,
            type: envelope.type,
          },
        );
        eventsPublished().inc({ transport: this.transport, type: envelope.type });
      }),
    );
  }

  async publishDelayed(envelope: EventEnvelope, deliverAt: Date, target: DelayTarget = { kind: 'events' }) {
    const headers: Record<string, unknown> = { [HEADER_DELIVER_AT]: deliverAt.getTime() };
    if (target.kind === 'events') headers[HEADER_TARGET_KEY] = envelope.type;
    else headers[HEADER_TARGET_QUEUE] = this.names.queue(target.consumer);
    await this.routeDelayed(Buffer.from(JSON.stringify(envelope)), {
      messageId: envelope.id,
      type: envelope.type,
      headers,
    });
  }

  async subscribe(subscription: Subscription): Promise<void> {
    assertKnownEvents(subscription, this.schemas);
    if (this.subscriptions.has(subscription.consumer))
      throw new Error(`Already subscribed: ${subscription.consumer}`);
    const active: ActiveSubscription = { subscription };
    this.subscriptions.set(subscription.consumer, active);
    const connection = this.connection;
    if (!connection) return;
    try {
      await this.attach(connection, active);
    } catch (error) {
      // Lost while attaching (seen: RabbitMQ 3.10 closing a connection whose consume raced another replica's
      // first declaration of the queue): the reconnect attaches every subscription, this one included.
      if (this.connection === connection) throw error;
      this.options.logger.warn(
        { err: messageOf(error), consumer: subscription.consumer },
        'connection lost while subscribing; the reconnect subscribes',
      );
    }
  }

  async deadLetters(consumer: string): Promise<DeadLetter[]> {
    const connection = this.requireConnection();
    const channel = await connection.createChannel();
    const letters: DeadLetter[] = [];
    try {
      for (;;) {
        const message = await channel.get(this.names.deadLetterQueue(consumer), { noAck: false });
        if (!message) break;
        const headers = message.properties.headers ?? {};
        letters.push({
          envelope: safeJson(message.content.toString()),
          reason: headers['x-dead-letter-reason'] ?? 'exhausted',
          error: String(headers['x-error'] ?? ''),
          attempts: Number(headers[HEADER_ATTEMPT] ?? 1),
        });
      }
    } finally {
      await channel.close().catch(() => undefined); // closing returns every message to the queue
    }
    return letters;
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.reconnectTimer);
    // Stop new deliveries first, let in-flight handlers ack, then close.
    for (const active of this.subscriptions.values()) {
      if (active.channel && active.consumerTag)
        await active.channel.cancel(active.consumerTag).catch(() => undefined);
    }
    if (this.routerChannel && this.routerTag)
      await this.routerChannel.cancel(this.routerTag).catch(() => undefined);
    await this.whenIdle();
    for (const active of this.subscriptions.values()) active.acks?.flush();
    await this.connection?.close().catch(() => undefined);
    this.connected = false;
  }

  /** Channel used by tests and benchmarks to inspect the broker. */
  async withChannel<T>(fn: (channel: Channel) => Promise<T>): Promise<T> {
    const channel = await this.requireConnection().createChannel();
    try {
      return await fn(channel);
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  /** Connects to the current node; a failure moves on to the next for the following attempt. */
  private async connect(): Promise<void> {
    const url = this.urls[this.urlIndex]!;
    try {
      await this.connectTo(url);
    } catch (error) {
      this.nextUrl();
      throw error;
    }
  }

  private nextUrl(): void {
    this.urlIndex = (this.urlIndex + 1) % this.urls.length;
  }

  private async connectTo(url: string): Promise<void> {
    const connection = await amqp.connect(url, {
      clientProperties: { connection_name: this.options.connectionName },
      // Nagle's algorithm would hold a lone publish or ack back until the previous segment is
      // acknowledged, adding tens of ms to commit-to-effect latency.
      noDelay: true,
    });
    connection.on('error', (error) =>
      this.options.logger.warn({ err: messageOf(error) }, 'broker connection error'),
    );
    connection.on('close', () => this.onConnectionLost(connection));
    try {
      const setup = await connection.createChannel();
      await declareBaseTopology(setup, this.names, this.replication);
      await setup.close();
      const publisher = await connection.createConfirmChannel();
      publisher.on('error', () => undefined); // channel errors also close the connection's view; handled there
      const router = await connection.createChannel();
      await router.prefetch(this.options.routerPrefetch ?? 200);
      const { consumerTag: routerTag } = await router.consume(
        this.names.delayReady,
        (message) => message && this.route(router, message),
      );
      this.routerTag = routerTag;
      this.connection = connection;
      this.publisher = publisher;
      this.routerChannel = router;
      for (const active of this.subscriptions.values()) await this.attach(connection, active);
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
    this.connected = true;
    this.connectedUrl = url;
    this.connectionsOpened += 1;
    this.reconnectAttempt = 0;
    this.options.logger.info(
      { connection: this.options.connectionName, broker: redact(url) },
      'broker connected',
    );
    this.waiters.splice(0).forEach((resolve) => resolve());
  }

  private onConnectionLost(connection: ChannelModel): void {
    if (connection !== this.connection) return;
    this.connected = false;
    this.connectedUrl = undefined;
    this.connection = undefined;
    this.publisher = undefined;
    this.routerChannel = undefined;
    for (const active of this.subscriptions.values()) {
      active.channel = undefined;
      active.acks = undefined;
    }
    if (this.closing) return;
    // The node may be gone: a cluster's next node is tried first (a single URL is tried again).
    this.nextUrl();
    this.options.logger.warn('broker connection lost, reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = Math.min(100 * 2 ** this.reconnectAttempt, 10_000) * (0.75 + Math.random() / 2);
    this.reconnectAttempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.connect().catch((error) => {
        this.options.logger.warn({ err: messageOf(error) }, 'broker reconnect failed');
        if (!this.closing) this.scheduleReconnect();
      });
    }, delay);
  }

  private async attach(connection: ChannelModel, active: ActiveSubscription): Promise<void> {
    const { subscription } = active;
    const channel = await connection.createChannel();
    channel.on('error', () => undefined);
    await declareConsumerTopology(
      channel,
      this.names,
      subscription.consumer,
      subscription.events,
      this.replication,
    );
    await channel.prefetch(subscription.prefetch ?? 200);
    const acks = new ChannelAcks(channel);
    const { consumerTag } = await channel.consume(this.names.queue(subscription.consumer), (message) => {
      if (!message) return;
      acks.received(message);
      void this.deliver(acks, active, message);
    });
    active.channel = channel;
    active.acks = acks;
    active.consumerTag = consumerTag;
  }

  private async deliver(
    acks: ChannelAcks,
    active: ActiveSubscription,
    message: ConsumeMessage,
  ): Promise<void> {
    this.inFlight += 1;
    const { subscription } = active;
    const attempt = Number(message.properties.headers?.[HEADER_ATTEMPT] ?? 1);
    try {
      const outcome = await handleDelivery(
        subscription,
        this.schemas,
        message.content.toString(),
        attempt,
        this.options.logger,
      );
      await this.settle(acks, subscription.consumer, message, outcome, attempt);
      eventsConsumed().inc({
        consumer: subscription.consumer,
        type: String(message.properties.type ?? 'unknown'),
        outcome: outcome.kind === 'dead-letter' ? 'dead_letter' : outcome.kind,
      });
    } catch (error) {
      // The retry or dead-letter publish failed (broker trouble): leave the message unacked; it comes back
      // when the channel is recovered, or after a pause when the channel is still alive.
      this.options.logger.warn(
        { err: messageOf(error), consumer: subscription.consumer },
        'could not settle delivery',
      );
      setTimeout(() => acks.nack(message, true), 1_000).unref();
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
    }
  }

  private async settle(
    acks: ChannelAcks,
    consumer: string,
    message: ConsumeMessage,
    outcome: Outcome,
    attempt: number,
  ): Promise<void> {
    const properties = { messageId: message.properties.messageId, type: message.properties.type };
    if (outcome.kind === 'retry') {
      await this.routeDelayed(message.content, {
        ...properties,
        headers: {
          [HEADER_ATTEMPT]: outcome.nextAttempt,
          [HEADER_DELIVER_AT]: Date.now() + outcome.delayMs,
          [HEADER_TARGET_QUEUE]: this.names.queue(consumer),
          'x-last-error': outcome.error,
        },
      });
      // The failure itself was logged with the event's correlation where it was handled.
      this.options.logger.debug({ consumer, attempt, delay_ms: outcome.delayMs }, 'retry scheduled');
    } else if (outcome.kind === 'dead-letter') {
      const publisher = await this.publishChannel();
      await this.confirmPublish(
        publisher,
        this.names.deadLetters,
        this.names.queue(consumer),
        message.content,
        {
          ...properties,
          headers: {
            [HEADER_ATTEMPT]: attempt,
            'x-dead-letter-reason': outcome.reason,
            'x-error': outcome.error,
          },
        },
      );
      this.options.logger.error(
        { consumer, reason: outcome.reason, err: outcome.error },
        'message dead-lettered',
      );
    }
    acks.ack(message);
  }

  /** Puts a message on the ladder step that fits its remaining wait, or on its target when due. */
  private async routeDelayed(content: Buffer, properties: Options.Publish): Promise<void> {
    const headers = properties.headers ?? {};
    const remaining = Number(headers[HEADER_DELIVER_AT]) - Date.now();
    const publisher = await this.publishChannel();
    if (remaining <= 0) {
      const targetQueue = headers[HEADER_TARGET_QUEUE] as string | undefined;
      const exchange = targetQueue ? '' : this.names.events;
      const routingKey = targetQueue ?? String(headers[HEADER_TARGET_KEY]);
      await this.confirmPublish(publisher, exchange, routingKey, content, properties);
      return;
    }
    await this.confirmPublish(
      publisher,
      this.names.delay,
      String(ladderStepFor(remaining)),
      content,
      properties,
    );
  }

  /** Consumer of the ladder's exit: forwards each message one more step or to its target. */
  private route(channel: Channel, message: ConsumeMessage): void {
    const { headers, messageId, type } = message.properties;
    const cleanHeaders = { ...headers };
    delete cleanHeaders['x-death'];
    delete cleanHeaders['x-first-death-exchange'];
    delete cleanHeaders['x-first-death-queue'];
    delete cleanHeaders['x-first-death-reason'];
    this.inFlight += 1;
    this.routeDelayed(message.content, { messageId, type, headers: cleanHeaders })
      .then(() => safely(() => channel.ack(message)))
      .catch((error) => {
        this.options.logger.warn({ err: messageOf(error) }, 'delay router could not forward');
        setTimeout(() => safely(() => channel.nack(message, false, true)), 1_000).unref();
      })
      .finally(() => {
        this.inFlight -= 1;
        if (this.inFlight === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
      });
  }

  private async confirmPublish(
    channel: ConfirmChannel,
    exchange: string,
    routingKey: string,
    content: Buffer,
    properties: Options.Publish,
  ): Promise<void> {
    let writable = true;
    const confirmed = new Promise<void>((resolve, reject) => {
      writable = channel.publish(
        exchange,
        routingKey,
        content,
        { persistent: true, ...properties },
        (error) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()),
      );
    });
    // publish() returning false means the socket buffer is full: wait for 'drain' before writing more.
    if (!writable) await Promise.race([once(channel, 'drain'), once(channel, 'close')]);
    await confirmed;
  }

  private async publishChannel(): Promise<ConfirmChannel> {
    if (this.publisher && this.connected) return this.publisher;
    if (this.closing) throw new Error('Event bus is closed');
    const waitMs = this.options.publishWaitMs ?? 5_000;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Broker unavailable')), waitMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (!this.publisher) throw new Error('Broker unavailable');
    return this.publisher;
  }

  private requireConnection(): ChannelModel {
    if (!this.connection) throw new Error('Broker unavailable');
    return this.connection;
  }

  private whenIdle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The URLs of a comma-separated `AMQP_URL` (one broker, or the nodes of a cluster). */
function brokerUrls(url: string): string[] {
  const urls = url
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (urls.length === 0) throw new Error('No broker URL given');
  return urls;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}
