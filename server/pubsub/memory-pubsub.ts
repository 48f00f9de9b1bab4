import type { Channel } from './channels.ts';
import { ChannelHub, type PubSub, type Subscription } from './pubsub.ts';

// Single-instance pub/sub for the embedded mode. Messages are serialized like Redis messages so both
// implementations deliver the same shapes.
export function createMemoryPubSub(): PubSub {
  const hub = new ChannelHub();
  return {
    kind: 'memory',
    async publish<T>(channel: Channel<T>, message: T) {
      const payload = JSON.stringify(message);
      queueMicrotask(() => hub.dispatch(channel.name, payload));
    },
    subscribe<T>(channel: Channel<T>): Promise<Subscription<T>> {
      return hub.subscribe<T>(channel.name);
    },
    localSubscriberCount: (channel) => hub.count(channel?.name),
    available: () => true,
    async close() {},
  };
}
