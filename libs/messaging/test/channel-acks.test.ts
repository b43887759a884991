import type { Channel, Message } from 'amqplib';
import { ChannelAcks } from '../src/channel-acks';

/** A channel that records what would go to the broker, as `ack 3+` (multiple), `ack 3` or `nack 3`. */
function recordingChannel() {
  const frames: string[] = [];
  const channel = {
    ack: (message: Message, allUpTo = false) =>
      frames.push(`ack ${message.fields.deliveryTag}${allUpTo ? '+' : ''}`),
    nack: (message: Message) => frames.push(`nack ${message.fields.deliveryTag}`),
  } as unknown as Channel;
  return { channel, frames };
}

const delivery = (deliveryTag: number) => ({ fields: { deliveryTag } }) as unknown as Message;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('ChannelAcks', () => {
  it('acks the deliveries handled in one turn with one ack(multiple)', async () => {
    const { channel, frames } = recordingChannel();
    const acks = new ChannelAcks(channel);
    const deliveries = [1, 2, 3, 4].map(delivery);
    deliveries.forEach((message) => acks.received(message));

    for (const message of [deliveries[2]!, deliveries[0]!, deliveries[1]!, deliveries[3]!]) acks.ack(message);
    expect(frames).toEqual([]); // nothing before the turn ends
    await nextTurn();

    expect(frames).toEqual(['ack 4+']);
  });

  it('never acks a delivery whose handler still runs, and acks those behind it alone after maxHoldMs', async () => {
    const { channel, frames } = recordingChannel();
    const acks = new ChannelAcks(channel, 30);
    const deliveries = [1, 2, 3, 4].map(delivery);
    deliveries.forEach((message) => acks.received(message));

    acks.ack(deliveries[0]!);
    acks.ack(deliveries[2]!);
    acks.ack(deliveries[3]!);
    await nextTurn();
    expect(frames).toEqual(['ack 1+']); // 2 is still running: a multiple ack of 3 or 4 would cover it

    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(frames).toEqual(['ack 1+', 'ack 3', 'ack 4']);

    acks.ack(deliveries[1]!);
    await nextTurn();
    expect(frames).toEqual(['ack 1+', 'ack 3', 'ack 4', 'ack 2+']);
  });

  it('sends pending acks before a nack, so no multiple ack ever covers the rejected delivery', async () => {
    const { channel, frames } = recordingChannel();
    const acks = new ChannelAcks(channel);
    const deliveries = [1, 2, 3].map(delivery);
    deliveries.forEach((message) => acks.received(message));

    acks.ack(deliveries[0]!);
    acks.nack(deliveries[1]!, true);
    acks.ack(deliveries[2]!);
    await nextTurn();

    expect(frames).toEqual(['ack 1+', 'nack 2', 'ack 3+']);
  });

  it('flushes every handled delivery at once (before the channel closes)', () => {
    const { channel, frames } = recordingChannel();
    const acks = new ChannelAcks(channel);
    const deliveries = [1, 2, 3].map(delivery);
    deliveries.forEach((message) => acks.received(message));

    acks.ack(deliveries[0]!);
    acks.ack(deliveries[2]!);
    acks.flush();

    expect(frames).toEqual(['ack 1+', 'ack 3']);
    acks.ack(deliveries[0]!); // settled already: ignored
    acks.flush();
    expect(frames).toEqual(['ack 1+', 'ack 3']);
  });
});
